//! Why the GPU cannot be measured, as the lab reports it in one line.

/// Why the GPU cannot be measured.
#[derive(Debug, thiserror::Error)]
pub enum Unavailable {
    /// No NVIDIA driver library (libcuda).
    #[error("no NVIDIA driver found (libcuda could not be loaded)")]
    NoDriver,
    /// The driver is there but cuBLAS is not.
    #[error(
        "cuBLAS is not installed (libcublas could not be loaded); install the CUDA runtime libraries"
    )]
    NoCublas,
    /// The driver is there but NVRTC is not (it compiles the read kernel).
    #[error(
        "NVRTC is not installed (libnvrtc could not be loaded); install the CUDA runtime libraries"
    )]
    NoNvrtc,
    /// The driver sees no device, or fewer than asked.
    #[error("no GPU {asked}: the driver sees {count} device(s)")]
    NoSuchDevice {
        /// The index asked for.
        asked: usize,
        /// Devices the driver sees.
        count: usize,
    },
    /// A CUDA call failed.
    #[error("CUDA: {0}")]
    Cuda(String),
}

pub(super) fn cuda(e: impl std::fmt::Debug) -> Unavailable {
    Unavailable::Cuda(format!("{e:?}"))
}
