//! Files out: progress, written atomically; a corrupt file is moved aside, never lost.
