//===-- VerifyCacheWrite.cpp - accel.cache_write's verifier ---------------===//
//
// A cache [..., L, ...] and an update [..., S, ...] of one rank and
// element type that agree but along axis; a result of the cache's shape
// but T rows along axis, S <= T <= L; an int64 position of one element.
//
//===----------------------------------------------------------------------===//

#include "dialect/AccelGraphDialect.h"

using namespace mlir;
using namespace accel::graph;

LogicalResult CacheWriteOp::verify() {
  auto Cache = cast<RankedTensorType>(getCache().getType());
  auto Update = cast<RankedTensorType>(getUpdate().getType());
  auto Result = cast<RankedTensorType>(getResult().getType());
  int64_t Rank = Cache.getRank(), Axis = getAxis();
  if (Axis < 0 || Axis >= Rank)
    return emitOpError("axis ") << Axis << " is outside the cache's rank "
                                << Rank;
  if (Update.getRank() != Rank || Result.getRank() != Rank)
    return emitOpError("cache, update and result must have one rank");
  if (Update.getElementType() != Cache.getElementType() ||
      Result.getElementType() != Cache.getElementType())
    return emitOpError("cache, update and result must have one element type");
  for (int64_t D = 0; D < Rank; ++D)
    if (D != Axis && (Update.getDimSize(D) != Cache.getDimSize(D) ||
                      Result.getDimSize(D) != Cache.getDimSize(D)))
      return emitOpError("dimension ")
             << D << " differs between the cache, the update and the result";
  int64_t L = Cache.getDimSize(Axis), S = Update.getDimSize(Axis),
          T = Result.getDimSize(Axis);
  if (S > T || T > L)
    return emitOpError("needs update rows <= result rows <= cache rows "
                       "along axis, not ")
           << S << ", " << T << ", " << L;
  auto Position = cast<RankedTensorType>(getPosition().getType());
  if (!Position.getElementType().isSignlessInteger(64) ||
      Position.getNumElements() != 1)
    return emitOpError("position must be one int64");
  return success();
}
