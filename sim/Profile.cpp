//===-- Profile.cpp - flat profile by symbol and source line --------------===//

#include "Profile.h"
#include "BundleDecoder.h"
#include "ProgramLoader.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace accel_sim;
using llvm::format;

namespace {
struct Row {
  std::string Name;
  uint64_t Cycles = 0, Bundles = 0, Instructions = 0, Stalls = 0;
};

/// Rows keyed by name, in the order first seen.
class Table {
  llvm::StringMap<size_t> Index;

public:
  std::vector<Row> Rows;

  void add(const std::string &Name, uint64_t Executions, unsigned Size,
           uint64_t Stalls) {
    auto [It, New] = Index.try_emplace(Name, Rows.size());
    if (New)
      Rows.push_back({Name});
    Row &R = Rows[It->second];
    R.Bundles += Executions;
    R.Instructions += Executions * Size;
    R.Stalls += Stalls;
    R.Cycles += Executions + Stalls;
  }

  /// The \p Top rows with most cycles, and a line for the rest.
  void print(llvm::raw_ostream &OS, const char *What, uint64_t Total,
             unsigned Top) {
    std::stable_sort(Rows.begin(), Rows.end(), [](const Row &A, const Row &B) {
      return A.Cycles > B.Cycles;
    });
    OS << "      cycles      %      bundles instructions       stalls  "
       << What << "\n";
    auto Percent = [&](uint64_t C) { return Total ? 100.0 * C / Total : 0.0; };
    size_t Shown = std::min<size_t>(Top, Rows.size());
    for (size_t I = 0; I != Shown; ++I) {
      const Row &R = Rows[I];
      OS << format("%12llu %5.1f%% %12llu %12llu %12llu  ",
                   (unsigned long long)R.Cycles, Percent(R.Cycles),
                   (unsigned long long)R.Bundles,
                   (unsigned long long)R.Instructions,
                   (unsigned long long)R.Stalls)
         << R.Name << "\n";
    }
    if (Shown == Rows.size())
      return;
    uint64_t Rest = 0;
    for (size_t I = Shown; I != Rows.size(); ++I)
      Rest += Rows[I].Cycles;
    OS << format("%12llu %5.1f%%", (unsigned long long)Rest, Percent(Rest))
       << "  (" << Rows.size() - Shown << " more)\n";
  }
};
} // namespace

void accel_sim::printProfile(llvm::raw_ostream &OS, const LoadedProgram &Prog,
                             const SourceLines &Lines, const BundleDecoder &Dec,
                             BundleCounts Counts, bool Timed, unsigned Top) {
  const std::vector<Bundle> &All = Dec.bundles();
  Table Symbols, SourceRows;
  uint64_t Total = 0;
  bool AnyLine = false;
  for (size_t I = 0; I != All.size(); ++I) {
    // A bundle stopped by --max-cycles while stalling never issued, but
    // its stall cycles count.
    uint64_t N = Counts.Executions[I], Stalls = Counts.StallCycles[I];
    if (!N && !Stalls)
      continue;
    Total += N + Stalls;
    const auto *Sym = Prog.symbolAt(All[I].Pc);
    Symbols.add(Sym ? Sym->second : "?", N, All[I].Size, Stalls);
    std::string Line = Lines.lookup(All[I].Pc, /*WithColumn=*/false);
    AnyLine |= !Line.empty();
    SourceRows.add(Line.empty() ? "(no line information)" : Line, N,
                   All[I].Size, Stalls);
  }
  OS << "--- accel-sim profile: " << Total << " cycles"
     << (Timed ? "" : " (functional mode: a cycle per bundle, no stalls)")
     << " ---\n";
  Symbols.print(OS, "symbol", Total, Top);
  if (!AnyLine)
    return;
  OS << "--- by source line ---\n";
  SourceRows.print(OS, "line", Total, Top);
}
