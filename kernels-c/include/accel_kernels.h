/*===-- accel_kernels.h - the Accel kernel library -------------------------===
 *
 * Kernels on the matrix, vector and DMA units for tensors in DRAM, linked
 * from libaccelkernels.a (clang --target=accel ... -laccelkernels).
 * docs/kernels.md documents the calling convention, each kernel's
 * arguments, limits and the tolerance its tests hold it to.
 *
 * Every kernel takes tensor descriptors and returns ACCEL_OK or an error;
 * on an error it has printed one line to stderr naming the kernel and the
 * argument ("accel_gemm: c: dims [3, 5] do not match a . b [3, 4]") and
 * touched nothing.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ACCEL_KERNELS_H
#define ACCEL_KERNELS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Element types: ONNX's tensor types. The values are stable (the graph
   compiler writes them into its records). A kernel given a type it does
   not compute returns ACCEL_ERR_UNSUPPORTED naming it; most compute f32
   only (docs/kernels.md), accel_cast takes every type. */
typedef enum {
  ACCEL_F32 = 0,
  ACCEL_I8 = 1,
  ACCEL_I32 = 2,
  ACCEL_F16 = 3,  /* IEEE binary16 */
  ACCEL_BF16 = 4, /* bfloat16: an f32's upper 16 bits */
  ACCEL_F64 = 5,
  ACCEL_I16 = 6,
  ACCEL_I64 = 7,
  ACCEL_U8 = 8,
  ACCEL_U16 = 9,
  ACCEL_U32 = 10,
  ACCEL_U64 = 11,
  ACCEL_BOOL = 12, /* one byte, 0 or 1 */
  ACCEL_DTYPE_COUNT = 13,
} accel_dtype;

/* log2 of each type's size in bytes, two bits a type, in a constant (a
   table would be a load from DRAM). */
#define ACCEL_DTYPE_LOG2_(d, log2) ((unsigned)(log2) << 2 * (d))
#define ACCEL_DTYPE_LOG2_SIZES                                                 \
  (ACCEL_DTYPE_LOG2_(ACCEL_F32, 2) | ACCEL_DTYPE_LOG2_(ACCEL_I8, 0) |          \
   ACCEL_DTYPE_LOG2_(ACCEL_I32, 2) | ACCEL_DTYPE_LOG2_(ACCEL_F16, 1) |         \
   ACCEL_DTYPE_LOG2_(ACCEL_BF16, 1) | ACCEL_DTYPE_LOG2_(ACCEL_F64, 3) |        \
   ACCEL_DTYPE_LOG2_(ACCEL_I16, 1) | ACCEL_DTYPE_LOG2_(ACCEL_I64, 3) |         \
   ACCEL_DTYPE_LOG2_(ACCEL_U8, 0) | ACCEL_DTYPE_LOG2_(ACCEL_U16, 1) |          \
   ACCEL_DTYPE_LOG2_(ACCEL_U32, 2) | ACCEL_DTYPE_LOG2_(ACCEL_U64, 3) |         \
   ACCEL_DTYPE_LOG2_(ACCEL_BOOL, 0))

/* Whether d is one of the types above. */
static inline int accel_dtype_valid(accel_dtype d) {
  return (unsigned)d < ACCEL_DTYPE_COUNT;
}

/* log2 of an element's size in bytes (0 for a value that is not a type). */
static inline unsigned accel_dtype_log2_bytes(accel_dtype d) {
  return accel_dtype_valid(d) ? ACCEL_DTYPE_LOG2_SIZES >> 2 * (unsigned)d & 3
                              : 0;
}

/* An element's size in bytes (0 for a value that is not a type). */
static inline unsigned accel_dtype_bytes(accel_dtype d) {
  return accel_dtype_valid(d) ? 1u << accel_dtype_log2_bytes(d) : 0;
}

/* The type's name in messages ("f32", "int64", "bool"; null for a value
   that is not a type). */
static inline const char *accel_dtype_name(accel_dtype d) {
  switch (d) {
  case ACCEL_F32: return "f32";
  case ACCEL_I8: return "int8";
  case ACCEL_I32: return "int32";
  case ACCEL_F16: return "f16";
  case ACCEL_BF16: return "bf16";
  case ACCEL_F64: return "f64";
  case ACCEL_I16: return "int16";
  case ACCEL_I64: return "int64";
  case ACCEL_U8: return "uint8";
  case ACCEL_U16: return "uint16";
  case ACCEL_U32: return "uint32";
  case ACCEL_U64: return "uint64";
  case ACCEL_BOOL: return "bool";
  default: return 0;
  }
}

enum { ACCEL_MAX_RANK = 6 };

/* A tensor in DRAM: element (i0, ..., i{rank-1}) is at
   data + sum(i_d * strides[d]) elements. Strides are in elements and not
   negative; a zero stride repeats a dimension (broadcast; inputs only). */
typedef struct {
  void *data;
  accel_dtype dtype;
  int rank;
  long dims[ACCEL_MAX_RANK];
  long strides[ACCEL_MAX_RANK];
} accel_tensor;

typedef enum {
  ACCEL_OK = 0,
  ACCEL_ERR_ARGUMENT = 1,    /* a shape, stride or address is wrong */
  ACCEL_ERR_UNSUPPORTED = 2, /* valid, but this kernel does not do it */
} accel_status;

/* How the kernels treat their descriptor and option arguments. A program
   that calls kernels on the same descriptors and options again and again
   (a compiled model: graph_runtime.c) can check every call once, then
   run the calls without their checks (docs/kernels.md, "Calling
   convention"). Checks of the data itself (gather's index values) run in
   every mode. */
typedef enum {
  ACCEL_CHECK_AND_RUN = 0, /* the default: every call checks, then runs */
  ACCEL_CHECK_ONLY,        /* a call checks its arguments and returns their
                              status, touching no tensor */
  ACCEL_RUN_CHECKED,       /* a call takes its arguments as checked: the
                              same descriptors and options (and the same
                              memory behind any pointer in them) as a call
                              that returned ACCEL_OK in ACCEL_CHECK_ONLY */
} accel_check_mode;

/* Sets the mode for the calls that follow (ACCEL_CHECK_AND_RUN at
   start-up). */
void accel_set_check_mode(accel_check_mode mode);

/* The activation applied to a kernel's result on its way out. */
typedef enum {
  ACCEL_ACT_NONE = 0,
  ACCEL_ACT_RELU = 1, /* max(x, 0) */
  ACCEL_ACT_GELU = 2, /* x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) */
  ACCEL_ACT_CLIP = 3, /* min(max(x, lo), hi) */
  ACCEL_ACT_GELU_ERF = 4, /* x/2 (1 + erf(x / sqrt 2)), exact GELU (on the
                             stream engine: accel_gemm and
                             accel_batched_matmul only) */
  ACCEL_ACT_SILU = 5, /* x sigmoid(x) = x / (1 + e^-x) */
} accel_act_kind;

typedef struct {
  accel_act_kind kind;
  float lo, hi; /* ACCEL_ACT_CLIP's bounds */
} accel_activation;

/* A contiguous row-major f32 tensor of the given dims. */
accel_tensor accel_tensor_f32(float *data, int rank, const long *dims);
static inline accel_tensor accel_matrix_f32(float *data, long rows,
                                            long cols) {
  long dims[2] = {rows, cols};
  return accel_tensor_f32(data, 2, dims);
}

/* Which way a GEMM bias broadcasts. */
typedef enum {
  ACCEL_BIAS_NONE = 0,
  ACCEL_BIAS_PER_COLUMN = 1, /* bias[j], length N, added to every row */
  ACCEL_BIAS_PER_ROW = 2,    /* bias[i], length M, added to every column */
} accel_bias_kind;

typedef struct {
  int trans_a, trans_b; /* op(X) = X or its transpose */
  float alpha, beta;
  accel_bias_kind bias_kind;
  const accel_tensor *bias; /* rank 1 */
  accel_activation act;
} accel_gemm_options;

/* The defaults: no transposes, alpha 1, beta 0, no bias, no activation. */
accel_gemm_options accel_gemm_defaults(void);

/* c = act(alpha * op(a) . op(b) + beta * c + bias), c M x N, op(a) M x K,
   op(b) K x N, all rank 2, any sizes and strides. options may be null
   (the defaults). */
accel_status accel_gemm(const accel_tensor *a, const accel_tensor *b,
                        accel_tensor *c, const accel_gemm_options *options);

/* c[..., M, N] = act(alpha * op(a)[..., M, K] . op(b)[..., K, N]
   + beta * c + bias), ranks 2 to 6: the batch dimensions (all but the
   last two) of a and b broadcast as numpy's matmul does (aligned from the
   right, a dimension of 1 repeating, a missing one as 1) to c's. The
   options are accel_gemm's, the bias the same for every matrix. */
accel_status accel_batched_matmul(const accel_tensor *a, const accel_tensor *b,
                                  accel_tensor *c,
                                  const accel_gemm_options *options);

/* 2-D convolution options (docs/kernels.md, "accel_conv2d"). */
typedef struct {
  long stride_h, stride_w;     /* >= 1 */
  long pad_top, pad_left;      /* >= 0, zeros around the input */
  long pad_bottom, pad_right;  /* asymmetric padding allowed */
  long dilation_h, dilation_w; /* >= 1 */
  long groups;                 /* >= 1, dividing C and Cout */
  const accel_tensor *bias;    /* rank 1, Cout elements, or null */
  accel_activation act;
} accel_conv2d_options;

/* The defaults: stride 1, no padding, dilation 1, one group, no bias, no
   activation. */
accel_conv2d_options accel_conv2d_defaults(void);

/* y = act(conv2d(x, w) + bias): x [N, C, H, W], w [Cout, C / groups, KH,
   KW], y [N, Cout, OH, OW] with OH = (H + pad_top + pad_bottom -
   dilation_h (KH - 1) - 1) / stride_h + 1 (rounded down; OW likewise);
   output channel o of group g = o / (Cout / groups) reads input channels
   g C / groups to (g + 1) C / groups - 1. Any strides. options may be null
   (the defaults). */
accel_status accel_conv2d(const accel_tensor *x, const accel_tensor *w,
                          accel_tensor *y,
                          const accel_conv2d_options *options);

/* accel_conv2d at stride 1, one group, at most 8 input channels and
   padded rows of at most 64 floats (LeNet's), on the matrix unit without
   im2col: each output row's tile reads the padded rows in place
   (conv/conv2d_rows.c). Contiguous tensors; ReLU or no activation.
   accel_conv2d_rows_fits says whether it takes a call, and whether it is
   the cheaper lowering; accel_conv2d_rows refuses the rest. */
int accel_conv2d_rows_fits(const accel_tensor *x, const accel_tensor *w,
                           const accel_tensor *y,
                           const accel_conv2d_options *options);
accel_status accel_conv2d_rows(const accel_tensor *x, const accel_tensor *w,
                               accel_tensor *y,
                               const accel_conv2d_options *options);
/* accel_conv2d_rows followed by ONNX MaxPool 2 x 2 at stride 2 without
   padding (floor): y [N, Cout, OH / 2, OW / 2], OH and OW the
   convolution's. The pool runs on the stream engine under the next
   image's tiles, and only the pooled planes leave. */
int accel_conv2d_rows_maxpool_fits(const accel_tensor *x,
                                   const accel_tensor *w,
                                   const accel_tensor *y,
                                   const accel_conv2d_options *options);
accel_status accel_conv2d_rows_maxpool(const accel_tensor *x,
                                       const accel_tensor *w, accel_tensor *y,
                                       const accel_conv2d_options *options);

/* Whether accel_conv2d runs a 1 x 1 convolution (stride 1, no padding,
   one group, contiguous tensors, no exact GELU) of C input and Cout output
   channels over H x W pixels by bands of 16 output channels, its
   activation (SiLU among them) on the stream engine over whole bands
   (conv/conv2d_pointwise_bands.c): up to 1 024 pixels, a multiple of 16,
   with C up to 96, or 16 pixels with C up to 768 (past 96 input channels
   a band of several blocks of pixels pays more than the GEMM's epilogue),
   and Cout (C + 1) up to 128 Ki floats of weights in the scratchpad. */
enum {
  ACCEL_CONV2D_BANDS_MAX_PIXELS = 1024,
  ACCEL_CONV2D_BANDS_MAX_C = 96,
  ACCEL_CONV2D_BANDS_MAX_C_ONE_BLOCK = 768,
  ACCEL_CONV2D_BANDS_MAX_W_FLOATS = 128 * 1024,
};
static inline int accel_conv2d_pointwise_bands_fits(long C, long H, long W,
                                                    long Cout) {
  long P = H * W;
  return P >= 16 && P <= ACCEL_CONV2D_BANDS_MAX_PIXELS && P % 16 == 0 &&
         C >= 1 &&
         (C <= ACCEL_CONV2D_BANDS_MAX_C ||
          (P == 16 && C <= ACCEL_CONV2D_BANDS_MAX_C_ONE_BLOCK)) &&
         Cout >= 16 && Cout % 16 == 0 &&
         Cout * (C + 1) <= ACCEL_CONV2D_BANDS_MAX_W_FLOATS;
}

/* Whether accel_conv2d runs a convolution of N images (one group, no
   dilation, contiguous tensors) of C channels padded to Hp x Wp, a KH x
   KW kernel at stride s both ways, to OH x OW pixels of Cout channels,
   by the same bands, B made once from the padded image split by phase
   (conv/conv2d_pointwise_bands.c): s 1 or 2 with Wp a multiple of it,
   C KH KW up to 96, OW a multiple of 16, OH OW up to 1 024, Cout a
   multiple of 16, the padded image up to 40 Ki floats. */
enum { ACCEL_CONV2D_BANDS_MAX_TAPS = 96,
       ACCEL_CONV2D_BANDS_MAX_PADDED = 40 * 1024 };
static inline int accel_conv2d_im2col_bands_fits(long N, long C, long Hp,
                                                 long Wp, long KH, long KW,
                                                 long s, long OH, long OW,
                                                 long Cout) {
  long taps = C * KH * KW;
  return N >= 1 && (s == 1 || s == 2) && Wp % s == 0 && taps >= 1 &&
         taps <= ACCEL_CONV2D_BANDS_MAX_TAPS && OW % 16 == 0 && OW >= 16 &&
         OH >= 1 && OH * OW <= ACCEL_CONV2D_BANDS_MAX_PIXELS &&
         Cout >= 16 && Cout % 16 == 0 &&
         C * Hp * Wp <= ACCEL_CONV2D_BANDS_MAX_PADDED &&
         Cout * (taps + 1) <= ACCEL_CONV2D_BANDS_MAX_W_FLOATS;
}

/* The largest scale accel_conv2d_upsampled takes. */
enum { ACCEL_CONV2D_UPSAMPLED_MAX_SCALE = 8 };

/* accel_conv2d_upsampled's options: the convolution's own, on the
   upsampled input (stride 1, no dilation, one group). */
typedef struct {
  long scale;    /* 1 <= s <= ACCEL_CONV2D_UPSAMPLED_MAX_SCALE: each pixel
                    of x s x s times */
  long kernel_h; /* KH of the convolution's weights, before w_rows */
  long pad_top, pad_left, pad_bottom, pad_right; /* >= 0 */
  const accel_tensor *bias; /* rank 1, Cout elements, or null */
  accel_activation act;
} accel_conv2d_upsampled_options;

/* Output row phase r's (rows s i + r) first input row from i:
   floor((r - pad_top) / s). */
static inline long accel_conv2d_upsampled_first_row(long r, long pad_top,
                                                    long s) {
  long a = r - pad_top;
  return a >= 0 ? a / s : -((s - 1 - a) / s);
}

/* The kernel rows KH' every phase's weights have in w_rows: the most
   input rows a phase's output row reads. */
static inline long accel_conv2d_upsampled_rows(long kh, long pad_top,
                                               long s) {
  long most = 0;
  for (long r = 0; r < s; ++r) {
    long n = accel_conv2d_upsampled_first_row(r + kh - 1, pad_top, s) -
             accel_conv2d_upsampled_first_row(r, pad_top, s) + 1;
    most = n > most ? n : most;
  }
  return most;
}

/* y = act(conv2d(up(x), w) + bias) without up(x), up(x) being x's pixels
   each repeated s times along H and along W (ONNX Resize, nearest,
   asymmetric, floor, scales [1, 1, s, s]): x [N, C, H, W], y [N, Cout, OH,
   OW], OH = s H + pad_top + pad_bottom - kernel_h + 1, OW = s W + pad_left
   + pad_right - KW + 1. Output rows s i + r (phase r) read x's rows i +
   first_row(r) + t, t < KH' = accel_conv2d_upsampled_rows(kernel_h,
   pad_top, s), so the weights come with each phase's kernel rows summed:
   w_rows [s Cout, C, KH', KW], w_rows[r Cout + o, c, t, kx] = the sum of
   w[o, c, ky, kx] over the ky with first_row(r + ky) - first_row(r) = t
   (0 if none). Columns are read by index (docs/kernels.md,
   "accel_conv2d_upsampled"). */
accel_status
accel_conv2d_upsampled(const accel_tensor *x, const accel_tensor *w_rows,
                       accel_tensor *y,
                       const accel_conv2d_upsampled_options *options);

/* 2-D transposed convolution options (docs/kernels.md,
   "accel_conv_transpose2d"): ONNX ConvTranspose's, pads already
   resolved. */
typedef struct {
  long stride_h, stride_w;         /* >= 1 */
  long pad_top, pad_left;          /* >= 0, cropped from the output */
  long pad_bottom, pad_right;
  long dilation_h, dilation_w;     /* >= 1 */
  long output_pad_h, output_pad_w; /* >= 0, below max(stride, dilation) */
  long groups;                     /* >= 1, dividing C */
  const accel_tensor *bias;        /* rank 1, Cout elements, or null */
} accel_conv_transpose2d_options;

/* The defaults: stride 1, no padding, dilation 1, one group, no bias. */
accel_conv_transpose2d_options accel_conv_transpose2d_defaults(void);

/* One output dimension: stride (in - 1) + output_pad + dilation (k - 1)
   + 1 - pad_begin - pad_end. */
long accel_conv_transpose_out_size(long in, long k, long stride,
                                   long dilation, long pad_begin,
                                   long pad_end, long output_pad);

/* y = conv_transpose2d(x, w) + bias: x [N, C, H, W], w [C, Cout / groups,
   KH, KW], y [N, Cout, OH, OW] with OH, OW as
   accel_conv_transpose_out_size says; input channel c of group g = c /
   (C / groups) adds into output channels g Cout / groups to (g + 1) Cout
   / groups - 1. Any strides. options may be null (the defaults). */
accel_status
accel_conv_transpose2d(const accel_tensor *x, const accel_tensor *w,
                       accel_tensor *y,
                       const accel_conv_transpose2d_options *options);

/* How accel_attention masks the scores. */
typedef enum {
  ACCEL_MASK_NONE = 0,
  /* Query i sees keys j <= i + (Sk - Sq): the diagonal at the bottom
     right, PyTorch's is_causal for Sq == Sk (and its bottom-right
     alignment otherwise). */
  ACCEL_MASK_CAUSAL = 1,
  ACCEL_MASK_ADDITIVE = 2, /* mask, broadcast to [..., Sq, Sk], is added */
  ACCEL_MASK_CAUSAL_ADDITIVE = 3, /* both: a causal mask and a padding
                                     mask ([B, 1, 1, Sk]) as Hugging Face's
                                     decoders build them */
} accel_mask_kind;

typedef struct {
  float scale; /* of q . k^T; 0 (the default) is 1 / sqrt(D) */
  accel_mask_kind mask_kind;
  const accel_tensor *mask; /* ACCEL_MASK_ADDITIVE's; -inf allowed */
} accel_attention_options;

/* The defaults: scale 1 / sqrt(D), no mask. */
accel_attention_options accel_attention_defaults(void);

/* o = softmax(q . k^T * scale + mask) . v over the last dimension, q
   [..., Sq, D], k [..., Sk, D], v [..., Sk, Dv], o [..., Sq, Dv], ranks 2
   to 6, the batch dimensions (all but the last two: batch, heads) equal,
   but k's and v's heads (the last batch dimension) may be KVH, a divisor
   of q's H: grouped-query attention, query head h reading k/v head
   h / (H / KVH), the repeat never made. A query row that sees no key
   (all of its mask -inf, causal with Sq > Sk, Sk = 0) comes out as
   zeros. options may be null (the defaults). */
accel_status accel_attention(const accel_tensor *q, const accel_tensor *k,
                             const accel_tensor *v, accel_tensor *o,
                             const accel_attention_options *options);

/* Data movement (docs/kernels.md, "Data movement"): exact copies by the
   DMA engine, any ranks up to ACCEL_MAX_RANK and any strides. */

/* y = np.transpose(x, perm): y's dimension d is x's dimension perm[d].
   perm null reverses the axes (numpy's default). */
accel_status accel_transpose(const accel_tensor *x, accel_tensor *y,
                             const int *perm);

/* The most inputs of a concat (outputs of a split). */
enum { ACCEL_CONCAT_MAX_INPUTS = 256 };

/* y = np.concatenate(xs[0..n), axis): the inputs of y's rank and dims but
   along axis, where their sizes add up to y's. 1 <= n <=
   ACCEL_CONCAT_MAX_INPUTS. */
accel_status accel_concat(const accel_tensor *const *xs, long n, int axis,
                          accel_tensor *y);

/* The inverse: ys[i] = x's part along axis after ys[0..i)'s sizes (np.split
   at the running sums of the outputs' sizes). 1 <= n <=
   ACCEL_CONCAT_MAX_INPUTS. */
accel_status accel_split(const accel_tensor *x, int axis,
                         accel_tensor *const *ys, long n);

/* y = x[start[0] :: step[0], ...] with y's dims the counts taken: y[i] =
   x[start + i * step] per axis; steps may be negative, not 0. start null
   is 0s, step null 1s. */
accel_status accel_slice(const accel_tensor *x, accel_tensor *y,
                         const long *start, const long *step);

typedef enum {
  ACCEL_PAD_CONSTANT = 0, /* the value */
  ACCEL_PAD_REFLECT = 1,  /* mirrored about the edge, the edge once */
  ACCEL_PAD_EDGE = 2,     /* the edge repeated */
} accel_pad_mode;

/* y = np.pad(x, widths, mode) (constant_values=value): widths[2d] and
   widths[2d + 1] elements before and after dimension d, y's dims x's plus
   both. Reflect takes widths up to x's size - 1 (one reflection). */
accel_status accel_pad(const accel_tensor *x, accel_tensor *y,
                       const long *widths, accel_pad_mode mode, float value);

/* y = np.take(x, indices[0..n), axis): y's dims x's but n along axis.
   indices are 32-bit ints in DRAM or the scratchpad, from -size to
   size - 1 (negative ones count from the end, as numpy's); one outside
   is an argument error found before anything is written. x and y of any
   one element type (not f32: as f32s where their bytes make whole ones,
   else a scalar loop). */
accel_status accel_gather(const accel_tensor *x, const int *indices, long n,
                          int axis, accel_tensor *y);

/* y = softmax(x) along axis (negative: from the end), computed stably as
   e^(x - max) / sum; with log, y = log_softmax(x) = x - max - log(sum).
   x and y have the same dims, any strides; y may be x itself (in place).
   Lines along axis of up to 163 840 elements. */
accel_status accel_softmax(const accel_tensor *x, accel_tensor *y, int axis,
                           int log);

typedef struct {
  int axis;      /* normalize over dims [axis, rank); negative: from the end */
  float epsilon; /* added to the variance (mean square) */
  const accel_tensor *scale, *shift; /* of the normalized dims, or null */
  const accel_tensor *residual; /* of x's dims, or null: normalizes
                                   x + residual */
  accel_tensor *sum; /* with a residual: of x's dims, where x + residual is
                        written too (a pre-norm layer's next residual), or
                        null */
} accel_norm_options;

/* axis -1, epsilon 1e-5, no scale, shift or residual. */
accel_norm_options accel_norm_defaults(void);

/* Layer normalization: y = (x - mean) / sqrt(var + eps) * scale + shift,
   mean and (biased) variance over dims [axis, rank) of each index of the
   others. RMS normalization: y = x / sqrt(mean(x^2) + eps) * scale (no
   shift). With a residual, x + residual (added in f32) is normalized in
   x's place: a residual connection and the norm after it in one pass
   (TensorRT's skip layer norm); with a sum too, that sum is also written
   there, from the same pass (the sum must overlap none of x, the
   residual and y). The normalized dims must form one run of
   equally spaced elements (e.g. contiguous), in x, the residual and the
   sum; at most 65 536 elements with a scale or shift, 38 912 with a
   residual. y may be x or the residual in place. options may be null (the
   defaults). */
accel_status accel_layernorm(const accel_tensor *x, accel_tensor *y,
                             const accel_norm_options *options);
accel_status accel_rmsnorm(const accel_tensor *x, accel_tensor *y,
                           const accel_norm_options *options);

/* Layer normalization over dimension 1 alone of x [N, C, ...] (NCHW), in
   that layout: y[n, c, p] = (x[n, c, p] - mean) / sqrt(var + eps)
   * scale[c] + shift[c], the mean and variance over c at each (n, p)
   (ConvNeXt's LayerNorm over the channels). options as accel_layernorm's
   with axis 1 and no residual; scale and shift rank 1, C, or null. x's and
   y's dimensions from 2 on one contiguous run each (any batch and channel
   strides), or y channels-last (channel stride 1, the pixels a run C
   apart: x's permute to [N, ..., C] written directly); y may be x in
   place. At most ACCEL_CHANNEL_NORM_MAX_CHANNELS channels. */
enum { ACCEL_CHANNEL_NORM_MAX_CHANNELS = 1536 };
accel_status accel_channel_norm(const accel_tensor *x, accel_tensor *y,
                                const accel_norm_options *options);

/* y = layernorm(a . op(b) + bias + residual) along y's last dimension: a
   projection and the post-norm residual connection after it (a
   transformer's x = norm(x + W h + b)) in one call, the projection's
   result normalized in the scratchpad and never written to memory. y:
   [..., N], any strides; a: [..., K] with y's leading dimensions (the
   rows; any strides); b: [K, N] (op(b) = b) or with trans_b [N, K];
   gemm_options: trans_b and a per-column bias only (trans_a 0, alpha 1,
   beta 0, no activation; else ACCEL_ERR_UNSUPPORTED); norm_options: axis
   -1 (the last dimension), epsilon, scale and shift (rank 1, N; or null),
   residual (y's dims, any strides; may be y itself in place; or null).
   op(b) stays in the scratchpad with two blocks of rows:
   accel_gemm_layernorm_fits(K, N) says whether it does (else
   ACCEL_ERR_UNSUPPORTED). Either options may be null (the defaults). */
accel_status accel_gemm_layernorm(const accel_tensor *a, const accel_tensor *b,
                                  accel_tensor *y,
                                  const accel_gemm_options *gemm_options,
                                  const accel_norm_options *norm_options);

typedef struct {
  const accel_tensor *bias1, *bias2; /* [H] and [N], or null */
  accel_act_kind act; /* between the layers: none, relu, gelu (either) */
} accel_mlp_options;

/* No biases, no activation. */
accel_mlp_options accel_mlp_defaults(void);

/* y = layernorm(act(x . w1 + bias1) . w2 + bias2 + residual) along y's
   last dimension: a transformer's feed-forward block and the post-norm
   residual connection after it in one call, both products kept in the
   scratchpad (accel_gemm_layernorm's run with a first layer). y: [..., N],
   x: [..., K] with y's leading dimensions, w1: [K, H], w2: [H, N] (any
   strides), norm_options as accel_gemm_layernorm's. Both weights stay in
   the scratchpad: accel_mlp_layernorm_fits(K, H, N) says whether they
   fit (else ACCEL_ERR_UNSUPPORTED). mlp_options may be null (the
   defaults). */
accel_status accel_mlp_layernorm(const accel_tensor *x, const accel_tensor *w1,
                                 const accel_tensor *w2, accel_tensor *y,
                                 const accel_mlp_options *mlp_options,
                                 const accel_norm_options *norm_options);

/* The matrix unit's tile (isa/AccelMachine.td's TileDim), to which the
   layouts below pad K, H and N: stated here for the graph compiler, which
   includes this header without clang's __ACCEL_TILE_DIM__, and checked
   against it when compiled for the machine. */
enum { ACCEL_TILE_DIM = 16 };
#ifdef __ACCEL_TILE_DIM__
#ifdef __cplusplus
static_assert
#else
_Static_assert
#endif
    (ACCEL_TILE_DIM == __ACCEL_TILE_DIM__,
     "ACCEL_TILE_DIM is not isa/AccelMachine.td's TileDim");
#endif

/* n rounded up to whole tiles. */
static inline long accel_tile_padded(long n) {
  return (n + ACCEL_TILE_DIM - 1) / ACCEL_TILE_DIM * ACCEL_TILE_DIM;
}

/* The scratchpad floats accel_gemm_layernorm lays out for op(b) of K x N
   (its panels, the blocks of a's, the residual's and the tiles' rows, the
   bias; K and N padded to whole tiles), against what it has. Inline, for
   the graph compiler's fusion to ask too. */
enum { ACCEL_GEMM_LAYERNORM_FLOATS = 2 * 152 * 1024 };
static inline long accel_gemm_layernorm_floats(long K, long N) {
  long Kp = accel_tile_padded(K), Np = accel_tile_padded(N);
  return Kp * Np + 32 * Kp + 65 * Np;
}
static inline int accel_gemm_layernorm_fits(long K, long N) {
  return accel_gemm_layernorm_floats(K, N) <= ACCEL_GEMM_LAYERNORM_FLOATS;
}
/* The same for accel_mlp_layernorm: both layers' panels and the first
   layer's block of tiles and rows, its bias and 32 engine parameters. */
static inline long accel_mlp_layernorm_floats(long K, long H, long N) {
  long Kp = accel_tile_padded(K), Hp = accel_tile_padded(H),
       Np = accel_tile_padded(N);
  return Kp * Hp + Hp * Np + 32 * Kp + 65 * Np + 33 * Hp + 32;
}
static inline int accel_mlp_layernorm_fits(long K, long H, long N) {
  return accel_mlp_layernorm_floats(K, H, N) <= ACCEL_GEMM_LAYERNORM_FLOATS;
}

/* y = silu(a . w_gate) * (a . w_up), a SwiGLU block's gated product, the
   two products never leaving the scratchpad (gemm_glu.c). a: [M, K], y:
   [M, H], any strides; w: [2 P, K, 16] contiguous, P = ceil(H / 16),
   accel_gemm_glu_pack's panels of w_gate [K, H] and w_up [K, H]. K from
   1 to 4096 where accel_gemm_glu_fits (else ACCEL_ERR_UNSUPPORTED). */
accel_status accel_gemm_glu(const accel_tensor *a, const accel_tensor *w,
                            accel_tensor *y);
/* Block j of 16 columns of w_gate, then of w_up (each K rows of 16,
   columns past H zero), for j = 0 .. P - 1, into packed (2 P K 16
   floats); w_gate and w_up row-major [K, H]. */
void accel_gemm_glu_pack(const float *w_gate, const float *w_up, long K,
                         long H, float *packed);
/* Its scratchpad: three pairs of panels, two pairs of tiles, and at least
   16 rows of a and of y. */
enum { ACCEL_GEMM_GLU_FLOATS = 448 * 1024 };
static inline int accel_gemm_glu_fits(long K, long H) {
  return K >= 1 && K <= 4096 &&
         6 * 16 * K + 4 * 256 + 16 * (K + accel_tile_padded(H)) <=
             ACCEL_GEMM_GLU_FLOATS;
}

/* One direction of ONNX's LSTM (default activations, no peepholes, clip
   or sequence lengths) over a whole sequence, R and the state resident in
   the scratchpad (recurrent/lstm.c). xw: [T, B, 4 H], every step's input
   projection x W^T + Wb + Rb, gates in ONNX's order i, o, f, c; w: R
   [4 H, H] packed by accel_lstm_pack, [4 ceil(H / 16), H, 16]; h0, c0:
   [B, H] or null (zeros); y: [T, B, H], each step's h at its time; yc:
   [B, H] the last step's c, or null. The steps run from T - 1 down to 0
   if reverse. All contiguous; B from 1 to 16 where accel_lstm_fits. */
accel_status accel_lstm(const accel_tensor *xw, const accel_tensor *w,
                        const accel_tensor *h0, const accel_tensor *c0,
                        accel_tensor *y, accel_tensor *yc, int reverse);
/* R [4 H, H] (row-major) into accel_lstm's panels: panel k Q + q (gate
   k, Q = ceil(H / 16)) holds R^T's H rows of the 16 columns k H + 16 q
   on, zero past H. */
void accel_lstm_pack(const float *r, long H, float *packed);
/* Its scratchpad: the panels, two blocks of staged tiles, two states of 16 rows,
   two steps of xw, and c. */
enum { ACCEL_LSTM_FLOATS = 448 * 1024 };
static inline int accel_lstm_fits(long B, long H) {
  long hp = accel_tile_padded(H);
  return B >= 1 && B <= 16 && H >= 1 && H <= 4096 &&
         4 * hp * H + 8 * 256 + 2 * (16 * H + 16) + 2 * (B * 4 * H + 16) +
                 B * hp <=
             ACCEL_LSTM_FLOATS;
}

/* One direction of ONNX's GRU with linear_before_reset (PyTorch's; default
   activations, no clip or sequence lengths) over a whole sequence, as
   accel_lstm (recurrent/gru.c). xw: [T, B, 3 H], every step's x W^T + Wb,
   plus Rb for gates z and r (ONNX's order z, r, h); w: R [3 H, H] packed
   by accel_gru_pack, [3 ceil(H / 16), H, 16]; rbh: [H] gate h's Rb (inside
   the reset's product) or null; h0: [B, H] or null; y: [T, B, H]. All
   contiguous; B from 1 to 16 where accel_gru_fits. */
accel_status accel_gru(const accel_tensor *xw, const accel_tensor *w,
                       const accel_tensor *rbh, const accel_tensor *h0,
                       accel_tensor *y, int reverse);
/* accel_lstm_pack's panels of R [3 H, H], for three gates. */
void accel_gru_pack(const float *r, long H, float *packed);
enum { ACCEL_GRU_FLOATS = 448 * 1024 };
static inline int accel_gru_fits(long B, long H) {
  long hp = accel_tile_padded(H);
  return B >= 1 && B <= 16 && H >= 1 && H <= 4096 &&
         3 * hp * H + 6 * 256 + 2 * (16 * H + 16) + 2 * (B * 3 * H + 16) +
                 hp + 16 <=
             ACCEL_GRU_FLOATS;
}

typedef struct {
  const accel_tensor *mean, *var;    /* rank 1, one per channel */
  const accel_tensor *scale, *shift; /* rank 1, or null (1 and 0) */
  float epsilon;
} accel_batchnorm_options;

/* Batch normalization for inference over channels (dimension 1) of x
   [N, C, ...]: y = (x - mean) / sqrt(var + eps) * scale + shift, computed
   as y = x a + b with a and b per channel. */
accel_status accel_batchnorm(const accel_tensor *x, accel_tensor *y,
                             const accel_batchnorm_options *options);

typedef struct {
  long groups;   /* divides x's channels (dimension 1) */
  float epsilon; /* added to each group's variance */
  const accel_tensor *scale, *shift; /* rank 1, one per channel, or null */
  accel_act_kind act;                /* none, relu or silu */
} accel_groupnorm_options;

/* Group normalization of x [N, C, ...] (GroupNorm; InstanceNormalization
   with groups = C): each group of C / groups channels of each n is
   normalized by its mean and (biased) variance over those channels and
   every spatial element, then y = act(normalized * scale[c] + shift[c]).
   Dimensions 1 on must merge into one run of equally spaced elements, in
   x and y; at most ACCEL_GROUPNORM_MAX_GROUP_CHANNELS (4096) channels a
   group and ACCEL_GROUPNORM_MAX_CHANNELS (21 845) in all. x is read once
   where a group fits the scratchpad (accel_groupnorm_fits: at most
   ACCEL_GROUPNORM_MAX_FLOATS elements padded to 16), else twice (the
   group's elements then contiguous). y may be x in place. On the stream
   engine (docs/kernels.md, "Normalization"). */
enum {
  ACCEL_GROUPNORM_MAX_FLOATS = 152 * 1024,
  ACCEL_GROUPNORM_MAX_CHANNELS = 21845,
  ACCEL_GROUPNORM_MAX_GROUP_CHANNELS = 4096,
};
static inline int accel_groupnorm_fits(long group_floats) {
  return (group_floats + 15) / 16 * 16 <= ACCEL_GROUPNORM_MAX_FLOATS;
}
accel_status accel_groupnorm(const accel_tensor *x, accel_tensor *y,
                             const accel_groupnorm_options *options);

/* Elementwise operations (docs/kernels.md, "Elementwise kernels"). In a
   chain step, a binary operation is r = op(r, inputs[in]) and a unary one
   r = op(r). */
typedef enum {
  ACCEL_EW_ADD = 0,
  ACCEL_EW_SUB = 1,
  ACCEL_EW_MUL = 2,
  ACCEL_EW_DIV = 3,
  ACCEL_EW_MAX = 4, /* numpy's maximum: NaN if either is NaN */
  ACCEL_EW_MIN = 5,
  ACCEL_EW_POW = 6, /* C's powf */
  ACCEL_EW_RELU = 7,
  ACCEL_EW_LEAKY_RELU = 8, /* x < 0 ? alpha x : x */
  ACCEL_EW_CLIP = 9,       /* min(max(x, lo), hi); NaN stays NaN */
  ACCEL_EW_SIGMOID = 10,
  ACCEL_EW_TANH = 11,
  ACCEL_EW_ERF = 12,
  ACCEL_EW_GELU = 13,      /* x/2 (1 + erf(x / sqrt(2))) */
  ACCEL_EW_GELU_TANH = 14, /* x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) */
  ACCEL_EW_EXP = 15,
  ACCEL_EW_LOG = 16,
  ACCEL_EW_SQRT = 17,
  ACCEL_EW_RECIPROCAL = 18,
  ACCEL_EW_NEG = 19,
  ACCEL_EW_ABS = 20,
  /* r = r != 0 ? inputs[in] : inputs[in2] (NaN counts as true) */
  ACCEL_EW_WHERE = 21,
  /* Integer and bool kinds, and the comparisons (ONNX's semantics; the
     types each takes: docs/kernels.md). Comparisons, isnan and the isinf
     kinds give bool; the others the inputs' type. */
  ACCEL_EW_MOD = 22,  /* integers: the remainder with the divisor's sign */
  ACCEL_EW_FMOD = 23, /* C's fmod: the remainder with the dividend's sign */
  ACCEL_EW_EQUAL = 24,
  ACCEL_EW_LESS = 25,
  ACCEL_EW_LESS_OR_EQUAL = 26,
  ACCEL_EW_GREATER = 27,
  ACCEL_EW_GREATER_OR_EQUAL = 28,
  ACCEL_EW_LOGICAL_AND = 29, /* bool */
  ACCEL_EW_LOGICAL_OR = 30,
  ACCEL_EW_LOGICAL_XOR = 31,
  ACCEL_EW_LOGICAL_NOT = 32,
  ACCEL_EW_BITSHIFT_LEFT = 33, /* unsigned; a shift past the width gives 0 */
  ACCEL_EW_BITSHIFT_RIGHT = 34,
  ACCEL_EW_SIGN = 35, /* -1, 0 or 1 (NaN stays NaN) */
  ACCEL_EW_ISNAN = 36,
  ACCEL_EW_ISINF = 37, /* +-inf */
  ACCEL_EW_ISPOSINF = 38,
  ACCEL_EW_ISNEGINF = 39,
  /* Float math and activations (elementwise_math.c), unary but prelu. */
  ACCEL_EW_FLOOR = 40,
  ACCEL_EW_CEIL = 41,
  ACCEL_EW_ROUND = 42, /* to nearest, ties to even */
  ACCEL_EW_SIN = 43,
  ACCEL_EW_COS = 44,
  ACCEL_EW_TAN = 45,
  ACCEL_EW_ASIN = 46,
  ACCEL_EW_ACOS = 47,
  ACCEL_EW_ATAN = 48,
  ACCEL_EW_SINH = 49,
  ACCEL_EW_COSH = 50,
  ACCEL_EW_ASINH = 51,
  ACCEL_EW_ACOSH = 52,
  ACCEL_EW_ATANH = 53,
  ACCEL_EW_SOFTPLUS = 54,         /* log(1 + exp(x)) */
  ACCEL_EW_ELU = 55,              /* x < 0 ? alpha (exp(x) - 1) : x */
  ACCEL_EW_CELU = 56,             /* x < 0 ? alpha (exp(x / alpha) - 1) : x */
  ACCEL_EW_THRESHOLDED_RELU = 57, /* x > alpha ? x : 0 */
  /* x < lo ? x + alpha : x > hi ? x - alpha : 0 (ONNX's Shrink: alpha
     its bias, lo -lambd, hi lambd) */
  ACCEL_EW_SHRINK = 58,
  ACCEL_EW_PRELU = 59, /* binary: r < 0 ? inputs[in] r : r */
} accel_elementwise_op;

typedef struct {
  float alpha;  /* ACCEL_EW_LEAKY_RELU's slope below 0; ELU's, CELU's,
                   THRESHOLDED_RELU's alpha, SHRINK's bias */
  float lo, hi; /* ACCEL_EW_CLIP's bounds, lo <= hi; SHRINK's thresholds */
} accel_elementwise_options;

/* The defaults: alpha 0.01, lo -inf, hi +inf. */
accel_elementwise_options accel_elementwise_defaults(void);

/* y = op(x), x broadcast to y's shape (numpy's rules: aligned from the
   right, a dimension of 1 or a missing one repeats). y may be x itself
   (the same data, dims and strides), not otherwise overlap it. Any rank
   up to 6, any strides. options may be null (the defaults). */
accel_status accel_elementwise_unary(accel_elementwise_op op,
                                     const accel_tensor *x, accel_tensor *y,
                                     const accel_elementwise_options *options);

/* y = op(a, b), a and b broadcast to y's shape; y may be a or b itself. */
accel_status accel_elementwise_binary(accel_elementwise_op op,
                                      const accel_tensor *a,
                                      const accel_tensor *b, accel_tensor *y);

/* y = cond != 0 ? a : b, all three broadcast to y's shape. */
accel_status accel_elementwise_where(const accel_tensor *cond,
                                     const accel_tensor *a,
                                     const accel_tensor *b, accel_tensor *y);

/* The longest chain and its most inputs (accel_elementwise_chain). */
enum { ACCEL_EW_MAX_STEPS = 8, ACCEL_EW_MAX_INPUTS = 5 };

typedef struct {
  accel_elementwise_op op;
  int in;   /* a binary op's other operand, and where's a: 1 .. inputs - 1 */
  int in2;  /* where's b */
  int swap; /* a binary op as r = op(inputs[in], r) */
  accel_elementwise_options options;
} accel_elementwise_step;

/* One pass over memory for a chain of up to ACCEL_EW_MAX_STEPS steps:
   r = inputs[0], then each step changes r, and y = r; up to
   ACCEL_EW_MAX_INPUTS inputs, each broadcast to y's shape. */
accel_status accel_elementwise_chain(const accel_elementwise_step *steps,
                                     int num_steps,
                                     const accel_tensor *const *inputs,
                                     int num_inputs, accel_tensor *y);

/* y = x converted to y's element type (ONNX's Cast), for every pair of
   accel_dtypes: x and y of one rank and dims, any strides (x's may be 0);
   y may be x exactly (same data and strides) when the types are of one
   size, and must not overlap it otherwise.
   - float to float: f32, f16 and bf16 to a wider float exactly; to a
     narrower one rounded to nearest even (overflow to inf, NaN stays NaN).
   - integer to float: rounded to nearest even, with one rounding (int64
     to f16 or bf16 too).
   - float to integer: toward zero, saturated to the type's range (the
     machine's cvt instructions'), NaN to 0. ONNX leaves out-of-range
     values undefined; numpy's astype on a host differs there (it wraps
     or gives INT_MIN).
   - integer to integer: the low bits (two's complement wrap), as numpy.
   - to bool: x != 0 (a NaN is true); from bool: 0 or 1 (any byte but 0
     is true). */
accel_status accel_cast(const accel_tensor *x, const accel_tensor *y);

/* Rotary position embedding as Llama's export writes it: y = x * cos +
   rotate_half(x) * sin along x's last dimension D (even, at most 16 384),
   rotate_half(x) = [-x[D/2:], x[:D/2]]. cos and sin have the same dims,
   of x's rank or lower, each broadcasting over x's (right-aligned) but
   the last: D, or D/2 for a half table (both halves of the full table
   equal). Tables of up to ACCEL_ROPE_MAX_TABLE_FLOATS floats each (lines
   padded to 16) are read once; larger ones in parts, x's part for each.
   y has x's dims; x may be any strided view, y x itself (in place).
   Rounds as PyTorch's ops do (two products, then their sum). */
enum { ACCEL_ROPE_MAX_TABLE_FLOATS = 64 * 1024 };
accel_status accel_rope(const accel_tensor *x, const accel_tensor *cos,
                        const accel_tensor *sin, accel_tensor *y);

/* Indexing (docs/kernels.md, "Indexing"): data of any accel_dtype,
   indices int32 or int64 (negative: from the end), any strides. An index
   outside its dimension is ACCEL_ERR_ARGUMENT naming the entry, before
   anything is written (checked in every mode: indices are data). y must
   not overlap an input (a scatter's y may be x exactly). */
typedef enum {
  ACCEL_SCATTER_NONE = 0, /* y[i] = update (the last of duplicates) */
  ACCEL_SCATTER_ADD = 1,  /* y[i] += update (f32, f64, integers) */
  ACCEL_SCATTER_MUL = 2,  /* y[i] *= update (f32, f64, integers) */
} accel_scatter_reduction;

/* ONNX GatherElements: y (indices' dims) at p = x at p with p[axis]
   replaced by indices[p]; indices of x's rank, within x's dims off the
   axis. */
accel_status accel_gather_elements(const accel_tensor *x,
                                   const accel_tensor *indices, int axis,
                                   const accel_tensor *y);

/* ONNX ScatterElements (and Scatter): y = x, then for each p of indices,
   y at p with p[axis] replaced by indices[p] takes updates[p] (updates of
   indices' dims) by reduction, in the indices' row-major order. */
accel_status accel_scatter_elements(const accel_tensor *x,
                                    const accel_tensor *indices,
                                    const accel_tensor *updates, int axis,
                                    accel_scatter_reduction reduction,
                                    const accel_tensor *y);

/* ONNX GatherND: indices [..., k] (k + batch_dims <= x's rank, the first
   batch_dims dims x's); y = indices' dims but the last, then x's after
   batch_dims + k; each y slab is x's at the k coordinates. */
accel_status accel_gather_nd(const accel_tensor *x,
                             const accel_tensor *indices, int batch_dims,
                             const accel_tensor *y);

/* ONNX ScatterND: y = x, then each updates slab (updates: indices' dims
   but the last, then x's after k) taken by y's slab at the k coordinates
   by reduction, in the indices' row-major order. */
accel_status accel_scatter_nd(const accel_tensor *x,
                              const accel_tensor *indices,
                              const accel_tensor *updates,
                              accel_scatter_reduction reduction,
                              const accel_tensor *y);

/* ONNX Trilu: y = x (rank >= 2) with each matrix's elements (i, j) zero
   where j - i < k (upper) or j - i > k (lower). */
accel_status accel_trilu(const accel_tensor *x, long k, int upper,
                         const accel_tensor *y);

/* ONNX ReverseSequence: x's first lengths[b] steps along time_axis
   reversed for each b along batch_axis (the two are 0 and 1); lengths
   int32 or int64, each in [0, x's steps]. */
accel_status accel_reverse_sequence(const accel_tensor *x,
                                    const accel_tensor *lengths,
                                    int batch_axis, int time_axis,
                                    const accel_tensor *y);

/* ONNX OneHot: y is indices' dims with depth (y's dims[axis]) inserted at
   axis; values [off, on] of y's type, on where the coordinate along axis
   is the index (integers or f32/f64, truncated; negative from the end),
   off elsewhere (an index outside [-depth, depth) is a row of off). A
   depth tensor (or null), of one element of those types, must equal y's
   dims[axis]: checked at run time. */
accel_status accel_onehot(const accel_tensor *indices,
                          const accel_tensor *depth,
                          const accel_tensor *values, int axis,
                          const accel_tensor *y);

/* ONNX Tile: y = x repeated along each dimension (y's dims whole
   multiples of x's, x's rank); a repeats tensor (int32 or int64, one a
   dimension, or null) must give those multiples: checked at run time. */
accel_status accel_tile(const accel_tensor *x, const accel_tensor *repeats,
                        const accel_tensor *y);

/* Configuration tensors computed at run time (movement/config_values.c):
   int32 or int64 values read, checked to give y's dims (an argument error
   naming the dimension otherwise, before anything is written), then the
   constant case's kernel. accel_slice_values: ONNX Slice's starts, ends,
   axes (or null: 0, 1, ...) and steps (or null: 1), clamped as ONNX does.
   accel_pad_values: ONNX Pad's pads (x's rank of begins, then of ends).
   accel_expand_check: numpy's broadcast of x's dims and shape must be
   y's (it only checks; the copy is the elementwise clip's). */
accel_status accel_slice_values(const accel_tensor *x,
                                const accel_tensor *starts,
                                const accel_tensor *ends,
                                const accel_tensor *axes,
                                const accel_tensor *steps, accel_tensor *y);
accel_status accel_pad_values(const accel_tensor *x, const accel_tensor *pads,
                              accel_pad_mode mode, float value,
                              accel_tensor *y);
accel_status accel_expand_check(const accel_tensor *x,
                                const accel_tensor *shape,
                                const accel_tensor *y);

/* ONNX Range: y[i] = start + i * delta for the max(ceil((limit - start) /
   delta), 0) elements that must be y's count (checked at run time); start,
   limit and delta scalars of y's type: f32, f64 (computed in f64), int16,
   int32 or int64. */
accel_status accel_range(const accel_tensor *start, const accel_tensor *limit,
                         const accel_tensor *delta, const accel_tensor *y);

/* ONNX MaxUnpool: y = 0, then x[p] written at position indices[p] of
   index_dims (MaxPool's input's shape, y's rank; null: y's dims) counted
   in row-major order (MaxPool's Indices), y that shape or larger in each
   dimension (ONNX's output_shape: the extra at the ends); indices of x's
   dims. An output_shape tensor (int32 or int64, or null) must be y's
   dims: checked at run time. */
accel_status accel_maxunpool(const accel_tensor *x, const accel_tensor *indices,
                             const accel_tensor *output_shape,
                             const long *index_dims, const accel_tensor *y);

/* ONNX Resize (docs/kernels.md, "accel_resize"): the modes, coordinate
   transformations and nearest roundings of opsets 11 to 17. */
typedef enum {
  ACCEL_RESIZE_NEAREST = 0,
  ACCEL_RESIZE_LINEAR = 1, /* n-linear */
  ACCEL_RESIZE_CUBIC = 2,  /* n-cubic, cubic_coeff_a */
} accel_resize_mode;

typedef enum {
  ACCEL_RESIZE_HALF_PIXEL = 0,
  ACCEL_RESIZE_PYTORCH_HALF_PIXEL = 1,
  ACCEL_RESIZE_ALIGN_CORNERS = 2,
  ACCEL_RESIZE_ASYMMETRIC = 3,
  ACCEL_RESIZE_TF_HALF_PIXEL_FOR_NN = 4,
  ACCEL_RESIZE_TF_CROP_AND_RESIZE = 5, /* roi; extrapolation_value */
} accel_resize_coordinates;

typedef enum {
  ACCEL_RESIZE_ROUND_PREFER_FLOOR = 0,
  ACCEL_RESIZE_ROUND_PREFER_CEIL = 1,
  ACCEL_RESIZE_FLOOR = 2,
  ACCEL_RESIZE_CEIL = 3,
} accel_resize_nearest_mode;

typedef struct {
  accel_resize_mode mode;
  accel_resize_coordinates coordinates;
  accel_resize_nearest_mode nearest_mode;
  int exclude_outside; /* cubic: taps outside x weigh 0, the rest rescaled */
  float cubic_coeff_a;
  float extrapolation_value;
  /* Per dimension of x: the scale (0: y's dimension over x's, ONNX's
     sizes), and the roi's start and end (tf_crop_and_resize). */
  double scales[ACCEL_MAX_RANK];
  double roi_start[ACCEL_MAX_RANK], roi_end[ACCEL_MAX_RANK];
  /* Configuration computed at run time, each null or a tensor of one
     value a dimension of x (roi two: the starts, then the ends), read
     where scales and roi above would be: roi and scales f32 or f64,
     sizes int64 or int32. The y they give must be y's dims, else
     ACCEL_ERR_ARGUMENT naming the dimension. */
  const accel_tensor *roi, *scale_values, *sizes;
} accel_resize_options;

/* Nearest, half_pixel, round_prefer_floor, a -0.75, no roi, scales from
   y's dims. */
accel_resize_options accel_resize_defaults(void);

/* y = ONNX Resize(x), ranks 1 to 6, any dimensions resized, any
   strides: nearest of any element type, linear and cubic of f32. */
accel_status accel_resize(const accel_tensor *x, const accel_tensor *y,
                          const accel_resize_options *options);

/* ONNX GridSample's (opset 16) mode and padding_mode. */
enum { ACCEL_GRID_BILINEAR = 0, ACCEL_GRID_NEAREST = 1, ACCEL_GRID_BICUBIC = 2 };
enum { ACCEL_GRID_ZEROS = 0, ACCEL_GRID_BORDER = 1, ACCEL_GRID_REFLECTION = 2 };

typedef struct {
  int mode;          /* ACCEL_GRID_BILINEAR, _NEAREST or _BICUBIC */
  int padding;       /* ACCEL_GRID_ZEROS, _BORDER or _REFLECTION */
  int align_corners; /* -1 and 1 the corner pixels' centres (else edges) */
} accel_grid_sample_options;

/* y [N, C, Ho, Wo] = ONNX GridSample of f32 x [N, C, H, W] at grid
   [N, Ho, Wo, 2] ((x, y) each in [-1, 1]) as PyTorch's grid_sample;
   null options: bilinear, zeros, align_corners 0. */
accel_status accel_grid_sample(const accel_tensor *x, const accel_tensor *grid,
                               accel_tensor *y,
                               const accel_grid_sample_options *options);

enum { ACCEL_DET_MAX_M = 64 };

/* ONNX Det: y [...] the determinant of each matrix of x [..., M, M]
   (M <= ACCEL_DET_MAX_M; f32, f64, f16 or bf16, y of x's type), by LU
   with partial pivoting in f64, rounded once. */
accel_status accel_det(const accel_tensor *x, accel_tensor *y);

/* Mixture-of-experts routing and combining (moe/, docs/kernels.md). */
enum { ACCEL_MOE_MAX_EXPERTS = 1024, ACCEL_GATED_SUM_MAX_TERMS = 64 };

/* A router's gates from its logits [T, E] (f32, any strides): each row's
   softmax, its k largest probabilities (ties to the lower index, as
   TopK), divided by their sum if renormalize, the other E - k gates 0.
   gates [T, E]. 1 <= k <= E <= ACCEL_MOE_MAX_EXPERTS. */
accel_status accel_moe_route(const accel_tensor *logits, accel_tensor *gates,
                             long k, int renormalize);

/* y[r, :] = sum over i of g_i(r) * terms[i][r, :], g_i(r) =
   gates[r, columns[i]], or 1 where columns[i] < 0: the experts' outputs
   weighted by their gate columns and added to the shared expert's, in
   one pass. y and the n terms [T, D], gates [T, E] (null if no column is
   given); f32, any strides; y overlaps no input. 1 <= n <=
   ACCEL_GATED_SUM_MAX_TERMS. */
accel_status accel_gated_sum(const accel_tensor *gates,
                             const accel_tensor *const *terms,
                             const long *columns, int n, accel_tensor *y);

/* 2-D pooling options (docs/kernels.md, "Pooling"). */
typedef struct {
  long kernel_h, kernel_w;     /* >= 1 */
  long stride_h, stride_w;     /* >= 1 */
  long pad_top, pad_left;      /* >= 0, smaller than the dilated kernel */
  long pad_bottom, pad_right;  /* asymmetric padding allowed */
  long dilation_h, dilation_w; /* >= 1 */
  int ceil_mode;         /* round the output size up (ONNX's ceil_mode) */
  int count_include_pad; /* average pooling: divide by the window's size
                            within the padded input, not its elements */
} accel_pool2d_options;

/* A kernel_h x kernel_w window, stride 1, no padding, dilation 1, output
   size rounded down, padding not counted (ONNX's defaults). */
accel_pool2d_options accel_pool2d_defaults(long kernel_h, long kernel_w);

/* ONNX MaxPool and AveragePool over NCHW: x [N, C, H, W], y [N, C, OH, OW]
   with OH = (H + pad_top + pad_bottom - dilation_h (kernel_h - 1) - 1) /
   stride_h + 1, rounded down or with ceil_mode up (a last window that
   would start in the bottom padding dropped); OW likewise. Max ignores a
   NaN unless the whole window is NaN (maxNum, C's fmaxf). Any strides. */
accel_status accel_maxpool2d(const accel_tensor *x, accel_tensor *y,
                             const accel_pool2d_options *options);
accel_status accel_avgpool2d(const accel_tensor *x, accel_tensor *y,
                             const accel_pool2d_options *options);

/* What accel_maxpool2d_typed writes to y. */
typedef enum {
  ACCEL_POOL_VALUES = 0,  /* the maxima, x's type */
  ACCEL_POOL_INDICES = 1, /* int64: (n C + c) H W + h W + w (ONNX's
                             Indices, storage_order 0) */
  ACCEL_POOL_INDICES_COLUMN_MAJOR = 2, /* (n C + c) H W + h + w H (1) */
} accel_pool_output;

/* ONNX MaxPool of any type but bool, or its Indices, as accel_maxpool2d:
   a scalar loop (accel_maxpool2d is the f32 maxima's fast path). Of equal
   maxima the first in the window's row-major order. */
accel_status accel_maxpool2d_typed(const accel_tensor *x, accel_tensor *y,
                                   const accel_pool2d_options *options,
                                   accel_pool_output output);

/* ONNX GlobalAveragePool and GlobalMaxPool: y [N, C, 1, 1] (or [N, C])
   the mean or maximum of each plane of x [N, C, H, W]. */
accel_status accel_global_avgpool(const accel_tensor *x, accel_tensor *y);
accel_status accel_global_maxpool(const accel_tensor *x, accel_tensor *y);

/* Squeeze-excitation (EfficientNet's, MobileNetV3's): per image,
   s = the mean of each plane of x [N, C, H, W], h = act(w1 . s + bias1),
   y = x * sigmoid(w2 . h + bias2), each plane by its channel's gate. w1:
   [R, C] and w2: [C, R] (or [R, C, 1, 1] and [C, R, 1, 1], a 1x1
   convolution's weights), packed; the biases [R] and [C] or null (0); act
   none, relu or silu. The pooled vector, both products and the gates stay
   in the scratchpad; x is read once where an image's planes fit there,
   twice otherwise. accel_squeeze_excite_fits says what fits. */
typedef struct {
  const accel_tensor *bias1, *bias2;
  accel_act_kind act;
} accel_squeeze_excite_options;
accel_squeeze_excite_options accel_squeeze_excite_defaults(void);
accel_status accel_squeeze_excite(const accel_tensor *x, const accel_tensor *w1,
                                  const accel_tensor *w2, accel_tensor *y,
                                  const accel_squeeze_excite_options *options);

/* accel_squeeze_excite's limits: C and R up to 4096, R C up to 64 Ki (each
   weight stays in the scratchpad whole), a plane up to 16 Ki floats. */
enum {
  ACCEL_SE_MAX_CHANNELS = 4096,
  ACCEL_SE_MAX_WEIGHTS = 64 * 1024,
  ACCEL_SE_MAX_PLANE = 16 * 1024,
};
static inline int accel_squeeze_excite_fits(long C, long R, long H, long W) {
  return C >= 1 && R >= 1 && C <= ACCEL_SE_MAX_CHANNELS &&
         R <= ACCEL_SE_MAX_CHANNELS && R * C <= ACCEL_SE_MAX_WEIGHTS &&
         H * W >= 1 && H * W <= ACCEL_SE_MAX_PLANE;
}

typedef enum {
  ACCEL_REDUCE_SUM = 0,
  ACCEL_REDUCE_MEAN = 1,
  ACCEL_REDUCE_MAX = 2, /* maxNum: NaN ignored unless all are NaN */
  ACCEL_REDUCE_MIN = 3,
  ACCEL_REDUCE_L1 = 4,          /* sum |x| */
  ACCEL_REDUCE_L2 = 5,          /* sqrt(sum x^2) */
  ACCEL_REDUCE_LOG_SUM = 6,     /* log(sum x) */
  ACCEL_REDUCE_LOG_SUM_EXP = 7, /* m + log(sum exp(x - m)), m the max */
  ACCEL_REDUCE_PROD = 8,
  ACCEL_REDUCE_SUM_SQUARE = 9, /* sum x^2 */
} accel_reduce_op;

/* ONNX's Reduce* of x over axes[0 .. num_axes) (negative: from the end;
   no repeats); num_axes 0 reduces over every axis. y has x's rank with
   the reduced dims 1 (keepdims) or x's rank less the number of axes (the
   reduced dims dropped), and x's element type (any but bool: f32, and
   f16 and bf16 widened in the scratchpad, in f32 on the vector unit and
   the stream engine; f64 (and f16 or bf16 too large for that)
   accumulated in f64 and rounded once; integers in 64 bits, wrapping; an
   integer mean, and the kinds with a log or a root, truncated). An empty
   reduction gives its kind's identity (0, 1 for prod, -inf and +inf for
   max and min, -inf for log_sum and log_sum_exp; the mean NaN). Any
   strides, ranks 0 to 6. */
accel_status accel_reduce(accel_reduce_op op, const accel_tensor *x,
                          accel_tensor *y, const int *axes, int num_axes);

/* ONNX ArgMax (is_min 0) and ArgMin (1) of x along axis (negative: from
   the end): y (int64) has x's rank with dimension axis 1 (keepdims) or
   without it. Ties give the first index, or the last with select_last.
   x of any type but bool; NaN is never selected unless all are NaN. */
accel_status accel_argreduce(const accel_tensor *x, accel_tensor *y, int axis,
                             int is_min, int select_last);

/* ONNX Hardmax (opset 13) along axis: y[..] = 1 at the first maximum of
   each line of x along axis, 0 elsewhere. f32. */
accel_status accel_hardmax(const accel_tensor *x, accel_tensor *y, int axis);

/* ONNX CumSum along axis: y[i] = sum of x[j] for j <= i (j < i if
   exclusive; from the end if reverse). x and y of one shape and type
   (any but bool: f32 in f32 and f64 in f64 additions, f16 and bf16
   accumulated in f32; integers wrapping). */
accel_status accel_cumsum(const accel_tensor *x, accel_tensor *y, int axis,
                          int exclusive, int reverse);

/* ONNX TopK along axis: the k largest (or smallest) elements of each line
   of x, sorted (the larger first, or the smaller), ties to the lower
   index. values (x's type) and indices (int64) have x's shape with
   dimension axis k; either may be null. Any type but bool. */
accel_status accel_topk(const accel_tensor *x, accel_tensor *values,
                        accel_tensor *indices, int axis, long k, int largest);

#ifdef __cplusplus
}
#endif

#endif
