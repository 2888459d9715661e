//===-- AccelGraphDialect.h - The accel graph dialect -----------*- C++ -*-===//
//
// The dialect, its enum attributes and interfaces, and the ops of
// AccelGraphOps.td (docs/graph.md).
//
//===----------------------------------------------------------------------===//

#ifndef ACCEL_GRAPH_DIALECT_ACCELGRAPHDIALECT_H
#define ACCEL_GRAPH_DIALECT_ACCELGRAPHDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <string>

#include "dialect/AccelGraphOpsDialect.h.inc"

#include "dialect/AccelGraphInterfaces.h"

namespace accel::graph {

/// An element type by ONNX's name as numpy spells it (float32, float16,
/// bfloat16, float64, bool, int8 to int64, uint8 to uint64).
std::string getElementTypeName(mlir::Type T);

/// The bytes an element of type \p T takes in memory: bool (i1) one.
inline int64_t getElementBytes(mlir::Type T) {
  return (int64_t(T.getIntOrFloatBitWidth()) + 7) / 8;
}

/// The bytes of a ranked tensor value's elements, stored densely.
inline int64_t getTensorBytes(mlir::Value V) {
  auto T = mlir::cast<mlir::RankedTensorType>(V.getType());
  return T.getNumElements() * getElementBytes(T.getElementType());
}

/// Fails, naming the type and the op, where a value of \p Values is not
/// f32: the element type the op's kernel takes.
mlir::LogicalResult verifyF32Kernel(mlir::Operation *Op,
                                    mlir::ValueRange Values);

/// Fails, naming the type, the op and its kind, where elementwise op
/// \p Op's element types are not ones its kind takes (VerifyElementwise.cpp).
mlir::LogicalResult verifyElementwiseTypes(mlir::Operation *Op);

/// An op whose kernel computes in f32: its operands and results are f32.
template <typename ConcreteType>
class F32Kernel : public mlir::OpTrait::TraitBase<ConcreteType, F32Kernel> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *Op) {
    if (failed(verifyF32Kernel(Op, Op->getOperands())))
      return mlir::failure();
    return verifyF32Kernel(Op, Op->getResults());
  }
};

} // namespace accel::graph

#define GET_OP_CLASSES
#include "dialect/AccelGraphOps.h.inc"

namespace accel::graph {

/// The static shape of a value of the dialect: every one is a ranked
/// tensor.
inline llvm::ArrayRef<int64_t> shapeOf(mlir::Value V) {
  return mlir::cast<mlir::RankedTensorType>(V.getType()).getShape();
}

/// The number of inputs an elementwise kind takes (AccelGraphEnums.td).
inline unsigned getArity(ElementwiseKind Kind) {
  return ElementwiseKindAttr::getArity(Kind);
}

} // namespace accel::graph

#endif
