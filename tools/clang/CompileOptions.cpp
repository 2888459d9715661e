//===-- CompileOptions.cpp - driver compile options to clang -cc1 ---------===//

#include "CompileOptions.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"

using namespace llvm;
using namespace llvm::opt;
using namespace clang::driver::options;

namespace accel {

namespace {

/// Options clang -cc1 takes exactly as the driver does.
const unsigned SameSpelling[] = {
    // Preprocessor and language.
    OPT_D, OPT_U, OPT_I, OPT_isystem, OPT_idirafter, OPT_iquote, OPT_include,
    OPT_P, OPT_C, OPT_dM, OPT_fgnu89_inline,
    OPT_fno_operator_names, OPT_fsized_deallocation, OPT_faligned_allocation,
    OPT_fno_access_control, OPT_fno_elide_constructors,
    OPT_fno_threadsafe_statics, OPT_fconstexpr_steps_EQ,
    OPT_ftemplate_depth_EQ, OPT_fno_use_cxa_atexit, OPT_fstrict_enums,
    OPT_fstrict_vtable_pointers, OPT_fshort_enums, OPT_fopenmp_simd,
    // Diagnostics.
    OPT_w, OPT_pedantic, OPT_pedantic_errors, OPT_fmacro_backtrace_limit_EQ,
    OPT_fno_caret_diagnostics, OPT_fno_diagnostics_show_option,
    OPT_fno_show_column, OPT_fno_show_source_location,
    OPT_fdiagnostics_show_template_tree, OPT_fno_elide_type,
    OPT_fno_spell_checking,
    // Code generation.
    OPT_fno_builtin, OPT_fno_builtin_, OPT_ffreestanding, OPT_ftrapv,
    OPT_fno_inline, OPT_ffunction_sections, OPT_fdata_sections,
    OPT_fno_jump_tables, OPT_fno_delete_null_pointer_checks,
    OPT_fno_zero_initialized_in_bss, OPT_ftrivial_auto_var_init,
    OPT_fvisibility_EQ, OPT_fstack_size_section, OPT_fdebug_prefix_map_EQ,
    OPT_fmacro_prefix_map_EQ, OPT_fno_plt, OPT_fno_verbose_asm,
    // Reports of the compiler's own work.
    OPT_ftime_report, OPT_ftime_report_EQ, OPT_ftime_trace_granularity_EQ,
    OPT_ftime_trace_verbose,
};

/// Options that are already the case on accel: no unwind tables, no
/// semantic interposition, address-significance tables are not used by
/// accel-ld, and assembly is verbose (commented) by default.
const unsigned AlreadySo[] = {
    OPT_fno_asynchronous_unwind_tables,
    OPT_fno_unwind_tables, OPT_fno_semantic_interposition, OPT_faddrsig,
    OPT_fno_addrsig, OPT_fno_discard_value_names, OPT_fshow_column,
    OPT_fverbose_asm,
};

/// The last of these sets the stack protector's level: cc1's -stack-protector
/// 1, 2 or 3 (the runtime's __stack_chk_guard and __stack_chk_fail), or none.
const std::pair<unsigned, const char *> StackProtectors[] = {
    {OPT_fno_stack_protector, nullptr},
    {OPT_fstack_protector, "1"},
    {OPT_fstack_protector_strong, "2"},
    {OPT_fstack_protector_all, "3"},
};

/// Taken as a whole by renderOptimizationDefaults, with the -O level.
const unsigned OptimizationDefaults[] = {
    OPT_fvectorize,          OPT_fno_vectorize,
    OPT_fslp_vectorize,      OPT_fno_slp_vectorize,
    OPT_fomit_frame_pointer, OPT_fno_omit_frame_pointer};

/// An -fX/-fno-X pair: the last of the two wins, as in clang.
struct Toggle {
  unsigned On, Off;
  std::vector<const char *> OnCC1, OffCC1;
};

const Toggle Toggles[] = {
    {OPT_fsigned_char, OPT_funsigned_char, {}, {"-fno-signed-char"}},
    {OPT_fstrict_aliasing, OPT_fno_strict_aliasing, {}, {"-relaxed-aliasing"}},
    {OPT_fshort_wchar, OPT_fno_short_wchar,
     {"-fno-signed-wchar", "-fwchar-type=short"},
     {"-fsigned-wchar", "-fwchar-type=int"}},
    {OPT_fwrapv, OPT_fno_wrapv, {"-fwrapv"}, {}},
    {OPT_fcommon, OPT_fno_common, {"-fcommon"}, {}},
    {OPT_finline_functions, OPT_fno_inline_functions,
     {"-finline-functions"}, {"-fno-inline-functions"}},
    {OPT_funroll_loops, OPT_fno_unroll_loops, {"-funroll-loops"},
     {"-fno-unroll-loops"}},
    {OPT_ffinite_loops, OPT_fno_finite_loops, {"-ffinite-loops"},
     {"-fno-finite-loops"}},
    {OPT_fms_extensions, OPT_fno_ms_extensions, {"-fms-extensions"}, {}},
    {OPT_fgnu_keywords, OPT_fno_gnu_keywords, {"-fgnu-keywords"},
     {"-fno-gnu-keywords"}},
    {OPT_fdollars_in_identifiers, OPT_fno_dollars_in_identifiers,
     {"-fdollars-in-identifiers"}, {"-fno-dollars-in-identifiers"}},
    {OPT_fchar8__t, OPT_fno_char8__t, {"-fchar8_t"}, {"-fno-char8_t"}},
    {OPT_foptimize_sibling_calls, OPT_fno_optimize_sibling_calls, {},
     {"-fno-optimize-sibling-calls"}},
    {OPT_fmerge_all_constants, OPT_fno_merge_all_constants,
     {"-fmerge-all-constants"}, {}},
    {OPT_Qy, OPT_Qn, {}, {"-Qn"}}, // -fident, -fno-ident
};

bool contains(ArrayRef<unsigned> Ids, const Option &O) {
  for (unsigned Id : Ids)
    if (O.matches(Id))
      return true;
  return false;
}

} // namespace

/// As clang's shouldEnableVectorizerAtOLevel: on from -O2 and at -Os; at
/// -Oz only the SLP vectorizer.
static bool vectorizeByDefault(const ArgList &Args, bool SLP) {
  const Arg *O = Args.getLastArg(OPT_O_Group);
  if (!O || O->getOption().matches(OPT_O0))
    return false;
  if (O->getOption().matches(OPT_Ofast))
    return true;
  StringRef Level = O->getValue();
  if (Level == "s")
    return true;
  if (Level == "z")
    return SLP;
  unsigned N = 0;
  return !Level.getAsInteger(10, N) && N > 1;
}

void renderOptimizationDefaults(const ArgList &Args,
                                std::vector<std::string> &CC1) {
  // Accel code keeps no frame pointer unless asked, at every level: r29 is
  // one more register. Backtraces (accel-sim --debug) and
  // __builtin_return_address(n) want -fno-omit-frame-pointer.
  CC1.push_back(Args.hasFlag(OPT_fno_omit_frame_pointer,
                             OPT_fomit_frame_pointer, false)
                    ? "-mframe-pointer=all"
                    : "-mframe-pointer=none");
  // A later -O level re-enables what an earlier -fno-vectorize turned off,
  // as in clang, where the -O group aliases -fvectorize.
  bool Loops = vectorizeByDefault(Args, false);
  if (Args.hasFlag(OPT_fvectorize, Loops ? OPT_O_Group : OPT_fvectorize,
                   OPT_fno_vectorize, Loops))
    CC1.push_back("-vectorize-loops");
  bool SLP = vectorizeByDefault(Args, true);
  if (Args.hasFlag(OPT_fslp_vectorize, SLP ? OPT_O_Group : OPT_fslp_vectorize,
                   OPT_fno_slp_vectorize, SLP))
    CC1.push_back("-vectorize-slp");
}

bool translateCompileOption(const Arg &A, const ArgList &Args,
                            std::vector<std::string> &CC1) {
  const Option &O = A.getOption();
  // Warnings (-Wall, -Wno-x, -Werror, -Werror=x, ...) and optimization
  // remarks (-Rpass=loop-vectorize, -Rpass-missed=, ...) are cc1's too.
  if (contains(SameSpelling, O) || O.matches(OPT_W_Group) ||
      O.matches(OPT_R_Group)) {
    ArgStringList Rendered;
    A.renderAsInput(Args, Rendered);
    CC1.insert(CC1.end(), Rendered.begin(), Rendered.end());
    return true;
  }
  if (contains(AlreadySo, O) || contains(OptimizationDefaults, O))
    return true;
  for (auto [Id, Level] : StackProtectors)
    if (O.matches(Id)) {
      const Arg *Last =
          Args.getLastArg(OPT_fno_stack_protector, OPT_fstack_protector,
                          OPT_fstack_protector_strong, OPT_fstack_protector_all);
      if (Last == &A && Level)
        CC1.insert(CC1.end(), {"-stack-protector", Level});
      return true;
    }
  for (const Toggle &T : Toggles)
    if (O.matches(T.On) || O.matches(T.Off)) {
      if (Args.getLastArg(T.On, T.Off) == &A) {
        const auto &Flags = O.matches(T.On) ? T.OnCC1 : T.OffCC1;
        CC1.insert(CC1.end(), Flags.begin(), Flags.end());
      }
      return true;
    }
  if (O.matches(OPT_ffile_prefix_map_EQ)) {
    std::string Map = A.getValue();
    for (const char *Flag : {"-fdebug-prefix-map=", "-fmacro-prefix-map=",
                             "-fcoverage-prefix-map="})
      CC1.push_back(Flag + Map);
    return true;
  }
  if (O.matches(OPT_ftabstop_EQ)) {
    CC1.insert(CC1.end(), {"-ftabstop", A.getValue()});
    return true;
  }
  if (O.matches(OPT_fmessage_length_EQ)) {
    if (StringRef(A.getValue()) != "0")
      CC1.push_back(std::string("-fmessage-length=") + A.getValue());
    return true;
  }
  return false;
}

void FloatingPointOptions::reset() {
  HonorInfs = HonorNaNs = true;
  ApproxFunc = false;
  MathErrno = MathErrnoDefault;
  AssociativeMath = ReciprocalMath = false;
  SignedZeros = true;
  // As clang: undoing fast math restores the last explicit -ffp-contract=.
  if (!LastFPContract.empty())
    FPContract = LastFPContract;
  else if (SeenUnsafeMath)
    FPContract = "on";
}

void FloatingPointOptions::applyFastMath() {
  HonorInfs = HonorNaNs = MathErrno = false;
  AssociativeMath = ReciprocalMath = ApproxFunc = true;
  SignedZeros = TrappingMath = RoundingMath = false;
  ExceptionBehavior.clear();
  FPContract = "fast";
  BasicComplexRange = true;
  SeenUnsafeMath = true;
}

bool FloatingPointOptions::consume(const Arg &A, std::string &Error) {
  const Option &O = A.getOption();
  auto Invalid = [&] {
    Error = "invalid value '" + std::string(A.getValue()) + "' in '" +
            A.getSpelling().str() + A.getValue() + "'";
    return false;
  };
  switch (O.getID()) {
  case OPT_ffast_math:
    applyFastMath();
    return true;
  case OPT_fno_fast_math:
    reset();
    return true;
  case OPT_ffinite_math_only:
    HonorInfs = HonorNaNs = false;
    return true;
  case OPT_fno_finite_math_only:
    HonorInfs = HonorNaNs = true;
    return true;
  case OPT_fhonor_infinities:
  case OPT_fno_honor_infinities:
    HonorInfs = O.matches(OPT_fhonor_infinities);
    return true;
  case OPT_fhonor_nans:
  case OPT_fno_honor_nans:
    HonorNaNs = O.matches(OPT_fhonor_nans);
    return true;
  case OPT_fapprox_func:
  case OPT_fno_approx_func:
    ApproxFunc = O.matches(OPT_fapprox_func);
    return true;
  case OPT_fmath_errno:
  case OPT_fno_math_errno:
    MathErrno = O.matches(OPT_fmath_errno);
    return true;
  case OPT_fassociative_math:
  case OPT_fno_associative_math:
    AssociativeMath = O.matches(OPT_fassociative_math);
    return true;
  case OPT_freciprocal_math:
  case OPT_fno_reciprocal_math:
    ReciprocalMath = O.matches(OPT_freciprocal_math);
    return true;
  case OPT_fsigned_zeros:
  case OPT_fno_signed_zeros:
    SignedZeros = O.matches(OPT_fsigned_zeros);
    return true;
  case OPT_ftrapping_math:
  case OPT_fno_trapping_math:
    TrappingMath = O.matches(OPT_ftrapping_math);
    ExceptionBehavior = TrappingMath ? "strict" : "ignore";
    return true;
  case OPT_frounding_math:
  case OPT_fno_rounding_math:
    RoundingMath = O.matches(OPT_frounding_math);
    return true;
  case OPT_funsafe_math_optimizations:
    AssociativeMath = ReciprocalMath = ApproxFunc = true;
    SignedZeros = TrappingMath = false;
    ExceptionBehavior.clear();
    FPContract = "fast";
    SeenUnsafeMath = true;
    return true;
  case OPT_fno_unsafe_math_optimizations: {
    bool Errno = MathErrno, Infs = HonorInfs, NaNs = HonorNaNs;
    reset();
    MathErrno = Errno;
    HonorInfs = Infs;
    HonorNaNs = NaNs;
    return true;
  }
  case OPT_ffp_contract: {
    StringRef V = A.getValue();
    if (V != "fast" && V != "on" && V != "off" && V != "fast-honor-pragmas")
      return Invalid();
    FPContract = LastFPContract = V.str();
    return true;
  }
  case OPT_ffp_exception_behavior_EQ: {
    StringRef V = A.getValue();
    if (V != "ignore" && V != "maytrap" && V != "strict")
      return Invalid();
    ExceptionBehavior = V.str();
    TrappingMath = V == "strict";
    return true;
  }
  case OPT_ffp_model_EQ: {
    StringRef V = A.getValue();
    if (V != "fast" && V != "precise" && V != "strict")
      return Invalid();
    reset();
    FPContract = "on";
    if (V == "fast") {
      applyFastMath();
    } else if (V == "strict") {
      ExceptionBehavior = "strict";
      FPContract = "off";
      TrappingMath = RoundingMath = true;
    }
    return true;
  }
  default:
    return false;
  }
}

void FloatingPointOptions::render(std::vector<std::string> &CC1) const {
  // In clang's order (RenderFloatingPointOptions).
  if (!HonorInfs)
    CC1.push_back("-menable-no-infs");
  if (!HonorNaNs)
    CC1.push_back("-menable-no-nans");
  if (ApproxFunc)
    CC1.push_back("-fapprox-func");
  if (MathErrno)
    CC1.push_back("-fmath-errno");
  if (AssociativeMath && ReciprocalMath && !SignedZeros && ApproxFunc &&
      !TrappingMath)
    CC1.push_back("-funsafe-math-optimizations");
  if (!SignedZeros)
    CC1.push_back("-fno-signed-zeros");
  if (AssociativeMath && !SignedZeros && !TrappingMath)
    CC1.push_back("-mreassociate");
  if (ReciprocalMath)
    CC1.push_back("-freciprocal-math");
  CC1.push_back("-ffp-contract=" + FPContract);
  CC1.push_back(RoundingMath ? "-frounding-math" : "-fno-rounding-math");
  if (!ExceptionBehavior.empty())
    CC1.push_back("-ffp-exception-behavior=" + ExceptionBehavior);
  if (!HonorInfs && !HonorNaNs && !MathErrno && AssociativeMath &&
      ApproxFunc && ReciprocalMath && !SignedZeros && !TrappingMath &&
      !RoundingMath)
    CC1.push_back("-ffast-math");
  if (!HonorInfs && !HonorNaNs)
    CC1.push_back("-ffinite-math-only");
  if (BasicComplexRange)
    CC1.push_back("-complex-range=basic");
}

} // namespace accel
