//===-- AccelRegisterInfo.td - Accel register files --------*- tablegen -*-===//
//
// 32 x 64-bit general registers r0..r31 (r0 reads as zero, writes to it are
// discarded; r31 is the link register written by `call`/`callr` and read by
// `ret`) and 32 x 512-bit vector registers v0..v31 (16 lanes of 32 bits).
// Floating-point values live in the general registers.
//
//===----------------------------------------------------------------------===//

let Namespace = "Accel" in {
class AccelGPR<bits<5> Num> : Register<"r" # Num> {
  let HWEncoding{4-0} = Num;
}
class AccelVReg<bits<5> Num> : Register<"v" # Num> {
  let HWEncoding{4-0} = Num;
}
}

foreach I = 0-31 in {
  def R#I : AccelGPR<I>, DwarfRegNum<[I]> {
    // r0 is the constant zero: code generation reads it for 0 and +0.0.
    let isConstant = !eq(I, 0);
  }
}
foreach I = 0-31 in {
  def V#I : AccelVReg<I>, DwarfRegNum<[!add(I, 32)]>;
}

// Floating-point values live in the general registers: f64 in all 64 bits, f32
// in the low 32 (results zero-extended, operands read the low half only).
def GPR : RegisterClass<"Accel", [i64, f64, f32], 64, (sequence "R%u", 0, 31)> {
  let DiagnosticString = "operand must be a general register r0..r31";
}

def VR : RegisterClass<"Accel", [v16f32, v16i32], 512, (sequence "V%u", 0, 31)> {
  let DiagnosticString = "operand must be a vector register v0..v31";
}

// The matrix unit's AccTiles accumulator tiles acc0, acc1, ..., each
// TileDim x TileDim f32 (AccelMachine.td). They are registers so that
// instruction order and dependences through them are visible to the
// scheduler; code names them explicitly (not allocatable).
let Namespace = "Accel" in
class AccelAcc<bits<5> Num> : Register<"acc" # Num> {
  let HWEncoding{4-0} = Num;
}
defvar LastAcc = !sub(AccTiles.Value, 1);
foreach I = !range(AccTiles.Value) in {
  def ACC#I : AccelAcc<I>;
}

def ACC : RegisterClass<"Accel", [untyped],
                        !mul(TileDim.Value, TileDim.Value, 32),
                        (sequence "ACC%u", 0, LastAcc)> {
  let isAllocatable = 0;
  let DiagnosticString = "operand must be an accumulator tile acc0..acc"
                         # !cast<string>(LastAcc);
}
