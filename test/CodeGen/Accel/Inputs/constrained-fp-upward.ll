define float @upward(float %a, float %b) strictfp {
  %r = call float @llvm.experimental.constrained.fadd.f32(float %a, float %b, metadata !"round.upward", metadata !"fpexcept.strict") strictfp
  ret float %r
}
