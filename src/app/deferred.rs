//! A value made the first time something reads it. The shipped catalog and lessons are
//! embedded text that takes far longer to parse than the tutor's first frame takes to draw,
//! and that frame (the lesson list) needs neither: they wait behind a [`Deferred`] until a
//! lesson is opened or a figure is computed.

use std::cell::{Cell, OnceCell};
use std::fmt;
use std::ops::Deref;

/// How a [`Deferred`] value is made, once.
type Make<T> = Box<dyn FnOnce() -> T + Send>;

/// A value made on first read (or given ready-made).
pub struct Deferred<T> {
    value: OnceCell<T>,
    make: Cell<Option<Make<T>>>,
}

impl<T> Deferred<T> {
    /// A value that `make` builds when it is first read.
    #[must_use]
    pub fn new(make: impl FnOnce() -> T + Send + 'static) -> Self {
        Self {
            value: OnceCell::new(),
            make: Cell::new(Some(Box::new(make))),
        }
    }

    /// A value already made.
    #[must_use]
    pub fn ready(value: T) -> Self {
        Self {
            value: OnceCell::from(value),
            make: Cell::new(None),
        }
    }

    /// The value, made now if this is the first read. (An associated function, as
    /// `LazyCell::force`, so that it never hides a method of the value.)
    #[must_use]
    pub fn force(this: &Self) -> &T {
        this.value.get_or_init(|| {
            let make = this
                .make
                .take()
                .expect("a Deferred without a value keeps the function that makes it");
            make()
        })
    }

    /// Whether the value has been made (read at least once, or given ready).
    #[must_use]
    pub fn is_made(this: &Self) -> bool {
        this.value.get().is_some()
    }

    /// The value, to change it (made first if it was not).
    pub fn force_mut(this: &mut Self) -> &mut T {
        let _ = Self::force(this);
        this.value.get_mut().expect("the value was made just above")
    }
}

impl<T> Deref for Deferred<T> {
    type Target = T;

    fn deref(&self) -> &T {
        Self::force(self)
    }
}

impl<T> From<T> for Deferred<T> {
    fn from(value: T) -> Self {
        Self::ready(value)
    }
}

/// A clone is of the value, made first if it was not.
impl<T: Clone> Clone for Deferred<T> {
    fn clone(&self) -> Self {
        Self::ready(Self::force(self).clone())
    }
}

impl<T: fmt::Debug> fmt::Debug for Deferred<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value.get() {
            Some(value) => value.fmt(f),
            None => f.write_str("Deferred(not made yet)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn the_value_is_made_once_on_first_read() {
        let made = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&made);
        let deferred = Deferred::new(move || {
            counter.fetch_add(1, Ordering::SeqCst);
            vec![1, 2, 3]
        });
        assert!(!Deferred::is_made(&deferred));
        assert_eq!(
            made.load(Ordering::SeqCst),
            0,
            "nothing is made before a read"
        );
        assert_eq!(deferred.len(), 3);
        assert_eq!(deferred[1], 2);
        assert!(Deferred::is_made(&deferred));
        assert_eq!(made.load(Ordering::SeqCst), 1, "made exactly once");
    }

    #[test]
    fn a_clone_and_a_change_see_the_made_value() {
        let mut deferred = Deferred::new(|| String::from("made"));
        let copy = deferred.clone();
        assert_eq!(copy.as_str(), "made");
        Deferred::force_mut(&mut deferred).push_str(" and changed");
        assert_eq!(deferred.as_str(), "made and changed");
        assert_eq!(copy.as_str(), "made", "the clone is its own value");
        assert_eq!(
            format!("{:?}", Deferred::<u8>::new(|| 1)),
            "Deferred(not made yet)"
        );
        assert_eq!(format!("{:?}", Deferred::ready(7_u8)), "7");
    }
}
