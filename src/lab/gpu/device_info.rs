//! What the driver says about an opened GPU.

/// What the driver says about the device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceInfo {
    /// Its name, e.g. `NVIDIA H100 80GB HBM3`.
    pub name: String,
    /// Compute capability, major and minor.
    pub compute_capability: (i32, i32),
    /// Total memory, bytes.
    pub total_bytes: u64,
    /// Free memory now, bytes.
    pub free_bytes: u64,
}
