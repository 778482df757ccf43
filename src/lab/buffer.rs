//! The lab's big buffers (the weight matrix the bandwidth kernel and the sweep read): an
//! anonymous mapping advised for transparent huge pages where the system offers them.
//!
//! With 4 KiB pages a 256 MiB stream crosses a page every 4 KiB, and the hardware prefetchers
//! stop at every page boundary (and the TLB misses on each): a read-only stream on few cores
//! then falls well short of what the memory can deliver. With 2 MiB pages the prefetchers run
//! on. Decode engines map their weights the same way (huge pages), so this is the bandwidth a
//! weight-streaming kernel sees. Where the mapping or the advice is refused (another system,
//! THP off), the buffer is a plain `Vec` and [`Pages::Normal`] says so.

use std::ops::{Deref, DerefMut};

use memmap2::MmapMut;

/// The pages a buffer asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pages {
    /// Transparent huge pages were advised and the system accepted the advice.
    Huge,
    /// Ordinary pages (a heap allocation).
    Normal,
}

impl Pages {
    /// For a report: `huge pages (THP advised)` or `ordinary pages`.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Pages::Huge => "huge pages (THP advised)",
            Pages::Normal => "ordinary pages",
        }
    }
}

/// `len` zeroed `f32`s, on huge pages when the system offers them.
pub struct Buffer {
    storage: Storage,
    len: usize,
}

enum Storage {
    Mapped(MmapMut),
    Heap(Vec<f32>),
}

impl Buffer {
    /// A zeroed buffer of `len` floats; huge pages when `pages` is [`Pages::Huge`] and the
    /// system accepts, else ordinary ones.
    #[must_use]
    pub fn zeroed(len: usize, pages: Pages) -> Self {
        let storage = match pages {
            Pages::Huge => huge(len).unwrap_or_else(|| Storage::Heap(vec![0.0; len])),
            Pages::Normal => Storage::Heap(vec![0.0; len]),
        };
        Self { storage, len }
    }

    /// The pages this buffer got.
    #[must_use]
    pub fn pages(&self) -> Pages {
        match self.storage {
            Storage::Mapped(_) => Pages::Huge,
            Storage::Heap(_) => Pages::Normal,
        }
    }
}

/// An anonymous mapping of `len` floats advised for huge pages, or `None` when the system
/// refuses either (or `len` is zero).
fn huge(len: usize) -> Option<Storage> {
    let bytes = len.checked_mul(size_of::<f32>()).filter(|&b| b > 0)?;
    let map = MmapMut::map_anon(bytes).ok()?;
    #[cfg(target_os = "linux")]
    {
        map.advise(memmap2::Advice::HugePage).ok()?;
        Some(Storage::Mapped(map))
    }
    #[cfg(not(target_os = "linux"))]
    {
        drop(map);
        None
    }
}

impl Deref for Buffer {
    type Target = [f32];
    fn deref(&self) -> &[f32] {
        match &self.storage {
            // A mapping is page-aligned, so the cast of its bytes cannot fail.
            Storage::Mapped(map) => bytemuck::cast_slice(&map[..self.len * size_of::<f32>()]),
            Storage::Heap(v) => v,
        }
    }
}

impl DerefMut for Buffer {
    fn deref_mut(&mut self) -> &mut [f32] {
        let len = self.len;
        match &mut self.storage {
            Storage::Mapped(map) => bytemuck::cast_slice_mut(&mut map[..len * size_of::<f32>()]),
            Storage::Heap(v) => v,
        }
    }
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The contents are hundreds of MiB: the length and the pages say what matters.
        f.debug_struct("Buffer")
            .field("len", &self.len)
            .field("pages", &self.pages())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    // Small whole numbers, exact in f32: exact comparison is meant.
    #![allow(clippy::float_cmp)]

    use super::*;

    #[test]
    fn a_buffer_is_zeroed_writable_and_as_long_as_asked() {
        for pages in [Pages::Huge, Pages::Normal] {
            for len in [0, 1, 1000, 3 << 19] {
                let mut buffer = Buffer::zeroed(len, pages);
                assert_eq!(buffer.len(), len, "{pages:?}");
                assert!(buffer.iter().all(|&x| x == 0.0), "{pages:?} {len}");
                for (i, x) in buffer.iter_mut().enumerate() {
                    *x = i as f32;
                }
                assert!(buffer.iter().enumerate().all(|(i, &x)| x == i as f32));
            }
        }
        assert_eq!(Buffer::zeroed(10, Pages::Normal).pages(), Pages::Normal);
        assert_eq!(
            Buffer::zeroed(0, Pages::Huge).pages(),
            Pages::Normal,
            "nothing to map"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn huge_pages_are_asked_for_on_linux() {
        // The advice is accepted whenever the kernel has THP (even when set to `never`, the
        // call itself succeeds); a kernel without THP falls back, which the report says.
        let thp = std::path::Path::new("/sys/kernel/mm/transparent_hugepage/enabled").exists();
        let buffer = Buffer::zeroed(1 << 20, Pages::Huge);
        if thp {
            assert_eq!(buffer.pages(), Pages::Huge);
        }
    }
}
