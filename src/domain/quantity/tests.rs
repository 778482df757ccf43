use super::*;

#[test]
fn names_round_trip_and_are_unique() {
    let mut seen = std::collections::HashSet::new();
    for q in Quantity::ALL {
        assert!(seen.insert(q.name()));
        assert_eq!(q.name().parse::<Quantity>(), Ok(q));
    }
    let err = "ridg".parse::<Quantity>().unwrap_err();
    assert_eq!(err.suggestion.as_deref(), Some("ridge"));
}
