//===-- AccelGraphAttrs.cpp - The accel dialect's enum attributes ---------===//
//
// The enums of AccelGraphEnums.td and their attributes. Their generated
// definitions static_assert that each case's value is the kernel library's
// C enumerator's, which this file includes.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "accel_kernels.h"

using namespace mlir;
using namespace accel::graph;

#include "dialect/AccelGraphEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialect/AccelGraphAttrs.cpp.inc"

void AccelGraphDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialect/AccelGraphAttrs.cpp.inc"
      >();
}
