//! The one module of the crate that uses `unsafe`: CUDA through `cudarc` with the driver,
//! cuBLAS, cuBLASLt and NVRTC loaded at run time. Kernel launches and cuBLAS calls are `unsafe
//! fn` in every CUDA binding; each block says why its call is sound. Everything this module
//! returns is plain numbers (rates per repeat); the plan and the report are the domain's.
//!
//! A library that is not installed makes `cudarc` panic on its first call, so [`Device::open`]
//! checks each one first and says which is missing.
#![allow(unsafe_code)]

use std::sync::Arc;

use cudarc::cublas::{CudaBlas, Gemm as _, GemmConfig, sys as blas_sys};
use cudarc::cublaslt::{result as lt, sys as lt_sys};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, LaunchConfig, PushKernelArg as _, sys,
};
use half::bf16;

pub use super::device_info::DeviceInfo;
use super::kernels::{BF16, BLOCKS_PER_SM, FP8, Fill, KERNELS, THREADS};
use super::unavailable::{Unavailable, cuda};

/// An opened GPU with its stream, cuBLAS handle and compiled kernels.
pub struct Device {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    blas: CudaBlas,
    fill: CudaFunction,
    read: CudaFunction,
    sms: u32,
}

impl Device {
    /// Opens device `ordinal`, checking first that each library it needs can be loaded.
    pub fn open(ordinal: usize) -> Result<Self, Unavailable> {
        // SAFETY: these only try to load the shared libraries by name (libloading); no CUDA
        // call is made, and a failure is returned as `false`.
        let (driver, blas, nvrtc) = unsafe {
            (
                sys::is_culib_present(),
                blas_sys::is_culib_present() && lt_sys::is_culib_present(),
                cudarc::nvrtc::sys::is_culib_present(),
            )
        };
        if !driver {
            return Err(Unavailable::NoDriver);
        }
        let count = CudaContext::device_count().map_err(cuda)?;
        let count = usize::try_from(count).unwrap_or(0);
        if ordinal >= count {
            return Err(Unavailable::NoSuchDevice {
                asked: ordinal,
                count,
            });
        }
        if !blas {
            return Err(Unavailable::NoCublas);
        }
        if !nvrtc {
            return Err(Unavailable::NoNvrtc);
        }
        let ctx = CudaContext::new(ordinal).map_err(cuda)?;
        let stream = ctx.default_stream();
        let blas = CudaBlas::new(stream.clone()).map_err(cuda)?;
        let ptx = cudarc::nvrtc::compile_ptx(KERNELS).map_err(cuda)?;
        let module = ctx.load_module(ptx).map_err(cuda)?;
        let fill = module.load_function("fill_words").map_err(cuda)?;
        let read = module.load_function("read_sum").map_err(cuda)?;
        let sms = ctx
            .attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(cuda)?;
        Ok(Self {
            ctx,
            stream,
            blas,
            fill,
            read,
            sms: u32::try_from(sms).unwrap_or(1).max(1),
        })
    }

    /// The device's name, compute capability and memory.
    pub fn info(&self) -> Result<DeviceInfo, Unavailable> {
        let (free, total) = self.ctx.mem_get_info().map_err(cuda)?;
        Ok(DeviceInfo {
            name: self.ctx.name().map_err(cuda)?,
            compute_capability: self.ctx.compute_capability().map_err(cuda)?,
            total_bytes: total as u64,
            free_bytes: free as u64,
        })
    }

    /// Milliseconds of `work` on the stream, timed with device events.
    fn time_ms(
        &self,
        work: &mut dyn FnMut() -> Result<(), Unavailable>,
    ) -> Result<f64, Unavailable> {
        let flags = Some(sys::CUevent_flags::CU_EVENT_DEFAULT);
        let start = self.ctx.new_event(flags).map_err(cuda)?;
        let end = self.ctx.new_event(flags).map_err(cuda)?;
        start.record(&self.stream).map_err(cuda)?;
        work()?;
        end.record(&self.stream).map_err(cuda)?;
        end.synchronize().map_err(cuda)?;
        Ok(f64::from(start.elapsed_ms(&end).map_err(cuda)?))
    }

    /// Rates (`amount` ÷ seconds) of `repeats` timed runs of `work`, after `warmups` untimed.
    pub fn rates(
        &self,
        amount: f64,
        warmups: u32,
        repeats: u32,
        work: &mut dyn FnMut() -> Result<(), Unavailable>,
    ) -> Result<Vec<f64>, Unavailable> {
        for _ in 0..warmups {
            work()?;
        }
        self.stream.synchronize().map_err(cuda)?;
        (0..repeats)
            .map(|_| self.time_ms(work).map(|ms| amount / (ms / 1e3)))
            .collect()
    }

    /// A buffer of `elements` filled word by word as `fill` says (random signs and mantissas).
    fn filled<T: cudarc::driver::DeviceRepr + cudarc::driver::ValidAsZeroBits>(
        &self,
        elements: usize,
        fill: Fill,
    ) -> Result<CudaSlice<T>, Unavailable> {
        let mut buffer = self.stream.alloc_zeros::<T>(elements).map_err(cuda)?;
        let words = (elements * std::mem::size_of::<T>() / 4) as u64;
        let config = LaunchConfig {
            grid_dim: (self.sms * BLOCKS_PER_SM, 1, 1),
            block_dim: (THREADS, 1, 1),
            shared_mem_bytes: 0,
        };
        let mut launch = self.stream.launch_builder(&self.fill);
        launch
            .arg(&mut buffer)
            .arg(&words)
            .arg(&fill.word)
            .arg(&fill.random_bits);
        // SAFETY: `fill_words` writes words [0, words) of `buffer`, which holds exactly
        // `elements × size_of::<T>()` bytes = `words` whole words (every caller's element count
        // times its size is a multiple of 4); the argument types match the kernel's signature
        // (pointer, u64, u32, u32).
        unsafe { launch.launch(config) }.map_err(cuda)?;
        Ok(buffer)
    }

    /// Streaming-read bandwidth over `bytes` (bytes/s per repeat).
    pub fn read_bandwidth(
        &self,
        bytes: u64,
        warmups: u32,
        repeats: u32,
    ) -> Result<Vec<f64>, Unavailable> {
        let words = usize::try_from(bytes / 4).map_err(cuda)?;
        let src = self.filled::<u32>(words, BF16)?;
        let mut out = self.stream.alloc_zeros::<f32>(1).map_err(cuda)?;
        let vectors = (words / 4) as u64;
        let config = LaunchConfig {
            grid_dim: (self.sms * BLOCKS_PER_SM, 1, 1),
            block_dim: (THREADS, 1, 1),
            shared_mem_bytes: 0,
        };
        self.rates((vectors * 16) as f64, warmups, repeats, &mut || {
            let mut launch = self.stream.launch_builder(&self.read);
            launch.arg(&src).arg(&vectors).arg(&mut out);
            // SAFETY: `read_sum` reads float4 vectors [0, vectors) of `src`, which holds
            // `words` = 4 × `vectors` (or more) 32-bit words, 16-byte aligned as every CUDA
            // allocation is; it writes at most `out[0]`, a one-element buffer.
            unsafe { launch.launch(config) }.map(drop).map_err(cuda)
        })
    }

    /// BF16 `m × k` by `k × n` multiplies through cuBLAS (FP32 accumulate): FLOP/s per repeat.
    /// A is read transposed: `inner × rows` column-major (the sweep's weights, one output
    /// feature per column).
    fn bf16_gemm_rates(
        &self,
        (rows, cols, inner): (usize, usize, usize),
        left: &CudaSlice<bf16>,
        warmups: u32,
        repeats: u32,
    ) -> Result<Vec<f64>, Unavailable> {
        let right = self.filled::<bf16>(inner * cols, BF16)?;
        let mut out = self.stream.alloc_zeros::<bf16>(rows * cols).map_err(cuda)?;
        let to_int = |v: usize| i32::try_from(v).map_err(cuda);
        let config = GemmConfig {
            transa: blas_sys::cublasOperation_t::CUBLAS_OP_T,
            transb: blas_sys::cublasOperation_t::CUBLAS_OP_N,
            m: to_int(rows)?,
            n: to_int(cols)?,
            k: to_int(inner)?,
            alpha: bf16::ONE,
            lda: to_int(inner)?,
            ldb: to_int(inner)?,
            beta: bf16::ZERO,
            ldc: to_int(rows)?,
        };
        let flops = 2.0 * rows as f64 * cols as f64 * inner as f64;
        self.rates(flops, warmups, repeats, &mut || {
            // SAFETY: with op(A) = Aᵀ, A is read as inner × rows with lda = inner: `left`
            // holds rows·inner elements (both callers allocate exactly that); B is inner ×
            // cols with ldb = inner (`right` holds inner·cols); C is rows × cols with ldc =
            // rows (`out` holds rows·cols). All three live on this handle's stream's context.
            unsafe { self.blas.gemm(config, left, &right, &mut out) }.map_err(cuda)
        })
    }

    /// The dense BF16 GEMM peak: a `side³` multiply (FLOP/s per repeat).
    pub fn bf16_peak(
        &self,
        side: u64,
        warmups: u32,
        repeats: u32,
    ) -> Result<Vec<f64>, Unavailable> {
        let side = usize::try_from(side).map_err(cuda)?;
        let a = self.filled::<bf16>(side * side, BF16)?;
        self.bf16_gemm_rates((side, side, side), &a, warmups, repeats)
    }

    /// The decode-shaped sweep: a `k × n` BF16 weight matrix (filled once) times each batch
    /// of `k`-vectors; FLOP/s per repeat for each batch, in the order given.
    pub fn sweep(
        &self,
        (k, n): (u64, u64),
        batches: &[u32],
        (warmups, repeats): (u32, u32),
        progress: &mut dyn FnMut(u32),
    ) -> Result<Vec<Vec<f64>>, Unavailable> {
        let (k, n) = (
            usize::try_from(k).map_err(cuda)?,
            usize::try_from(n).map_err(cuda)?,
        );
        let weights = self.filled::<bf16>(k * n, BF16)?;
        batches
            .iter()
            .map(|&batch| {
                let rates =
                    self.bf16_gemm_rates((n, batch as usize, k), &weights, warmups, repeats);
                progress(batch);
                rates
            })
            .collect()
    }

    /// The dense FP8 (E4M3) GEMM peak through cuBLASLt on a `side³` multiply, BF16 out, FP32
    /// accumulate (FLOP/s per repeat); `Ok(None)` where the card or cuBLASLt has no FP8 GEMM.
    pub fn fp8_peak(
        &self,
        side: u64,
        warmups: u32,
        repeats: u32,
    ) -> Result<Option<Vec<f64>>, Unavailable> {
        let (major, minor) = self.ctx.compute_capability().map_err(cuda)?;
        // FP8 tensor cores: Ada (8.9) and Hopper (9.0) onwards.
        if (major, minor) < (8, 9) {
            return Ok(None);
        }
        let n = usize::try_from(side).map_err(cuda)?;
        let a = self.filled::<u8>(n * n, FP8)?;
        let b = self.filled::<u8>(n * n, FP8)?;
        let mut d = self.stream.alloc_zeros::<bf16>(n * n).map_err(cuda)?;
        let mut workspace = self.stream.alloc_zeros::<u8>(32 << 20).map_err(cuda)?;
        // No FP8 algorithm for this card in this cuBLASLt: not measured, not an error.
        let Ok(plan) = LtPlan::fp8(side, 32 << 20) else {
            return Ok(None);
        };
        let flops = 2.0 * (side as f64).powi(3);
        let (alpha, beta) = (1.0_f32, 0.0_f32);
        let rates = self.rates(flops, warmups, repeats, &mut || {
            let (a_ptr, _ra) = cudarc::driver::DevicePtr::device_ptr(&a, &self.stream);
            let (b_ptr, _rb) = cudarc::driver::DevicePtr::device_ptr(&b, &self.stream);
            let (d_ptr, _rd) = cudarc::driver::DevicePtrMut::device_ptr_mut(&mut d, &self.stream);
            let (w_ptr, _rw) =
                cudarc::driver::DevicePtrMut::device_ptr_mut(&mut workspace, &self.stream);
            // SAFETY: the descriptors were made for these shapes and types (A, B: side × side
            // E4M3 with ld = side, A transposed as Hopper's FP8 GEMM requires; C = D: side ×
            // side BF16, ld = side) and live until `plan` drops after this call; each buffer
            // holds side² elements of its type; alpha and beta are FP32 host scalars as the
            // descriptor's scale type says; the workspace is the size the preference allows;
            // everything is on this stream's context. C is D (beta = 0 reads nothing).
            unsafe {
                lt::matmul(
                    plan.handle,
                    plan.desc,
                    std::ptr::from_ref(&alpha).cast(),
                    std::ptr::from_ref(&beta).cast(),
                    a_ptr as *const std::ffi::c_void,
                    plan.ab,
                    b_ptr as *const std::ffi::c_void,
                    plan.ab,
                    d_ptr as *const std::ffi::c_void,
                    plan.cd,
                    d_ptr as *mut std::ffi::c_void,
                    plan.cd,
                    &raw const plan.heuristic.algo,
                    w_ptr as *mut std::ffi::c_void,
                    32 << 20,
                    self.stream.cu_stream().cast(),
                )
            }
            .map_err(cuda)
        });
        match rates {
            Ok(rates) => Ok(Some(rates)),
            // The heuristic offered an algorithm the card then refused: not measured.
            Err(_) => Ok(None),
        }
    }
}

/// cuBLASLt's handle, descriptors and chosen algorithm for one FP8 GEMM shape, destroyed on drop.
struct LtPlan {
    handle: lt_sys::cublasLtHandle_t,
    desc: lt_sys::cublasLtMatmulDesc_t,
    ab: lt_sys::cublasLtMatrixLayout_t,
    cd: lt_sys::cublasLtMatrixLayout_t,
    pref: lt_sys::cublasLtMatmulPreference_t,
    heuristic: lt_sys::cublasLtMatmulHeuristicResult_t,
}

impl LtPlan {
    fn fp8(side: u64, workspace: usize) -> Result<Self, Unavailable> {
        let ld = i64::try_from(side).map_err(cuda)?;
        let handle = lt::create_handle().map_err(cuda)?;
        let desc = lt::create_matmul_desc(
            lt_sys::cublasComputeType_t::CUBLAS_COMPUTE_32F,
            lt_sys::cudaDataType::CUDA_R_32F,
        )
        .map_err(cuda)?;
        let ab = lt::create_matrix_layout(lt_sys::cudaDataType::CUDA_R_8F_E4M3, side, side, ld)
            .map_err(cuda)?;
        let cd = lt::create_matrix_layout(lt_sys::cudaDataType::CUDA_R_16BF, side, side, ld)
            .map_err(cuda)?;
        let pref = lt::create_matmul_pref().map_err(cuda)?;
        let transpose = blas_sys::cublasOperation_t::CUBLAS_OP_T;
        let workspace = workspace as u64;
        // SAFETY: `desc` and `pref` were just created and are alive; each buffer is a value of
        // the type and size the attribute takes (a cublasOperation_t for TRANSA, a u64 for the
        // workspace limit), read during the call only.
        unsafe {
            lt::set_matmul_desc_attribute(
                desc,
                lt_sys::cublasLtMatmulDescAttributes_t::CUBLASLT_MATMUL_DESC_TRANSA,
                std::ptr::from_ref(&transpose).cast(),
                std::mem::size_of_val(&transpose),
            )
            .map_err(cuda)?;
            lt::set_matmul_pref_attribute(
                pref,
                lt_sys::cublasLtMatmulPreferenceAttributes_t::CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                std::ptr::from_ref(&workspace).cast(),
                std::mem::size_of_val(&workspace),
            )
            .map_err(cuda)?;
        }
        // SAFETY: every descriptor passed is alive (created above, destroyed only on drop).
        let heuristic =
            unsafe { lt::get_matmul_algo_heuristic(handle, desc, ab, ab, cd, cd, pref) }
                .map_err(cuda)?;
        Ok(Self {
            handle,
            desc,
            ab,
            cd,
            pref,
            heuristic,
        })
    }
}

impl Drop for LtPlan {
    fn drop(&mut self) {
        // SAFETY: each object was created in `LtPlan::fp8` and is destroyed once, here; no
        // call using them can be in flight (every timed run synchronised its end event).
        // Failures to destroy are ignored: there is nothing to do about them on the way out.
        unsafe {
            let _ = lt::destroy_matmul_pref(self.pref);
            let _ = lt::destroy_matrix_layout(self.cd);
            let _ = lt::destroy_matrix_layout(self.ab);
            let _ = lt::destroy_matmul_desc(self.desc);
            let _ = lt::destroy_handle(self.handle);
        }
    }
}
