//===- ChooseIndexWidth.cpp - kernels' index arithmetic in int32 ---------===//
//
// Takes the lowered program after the target plans (and the ring storage)
// and gives, for each GPU strip kernel and tile kernel, whether its index
// arithmetic (the params and lets, the band members, the table indices,
// the tile coordinates and every affine expression of them the kernel
// evaluates: domain and case guards, input positions, ring offsets,
// wavefront bounds; in a tile kernel also its cells' reductions and
// remainder loops and the staged boxes) may run in 32-bit integers, and
// the bound that a run's sizes must meet for it (GpuKernel::Narrow,
// NarrowS, NarrowC, NarrowBoxS, NarrowBoxC). A tile kernel's instance also
// computes the tables' element offsets in int32 (GpuKernel::NarrowOffsets)
// for the tables whose offset the host can bound by interval arithmetic
// over the table's box (Storage::Offset32: sums, products, divisions by
// constants); its host test then asks that too (<table>_at_fits32).
//
// The bound: with P the largest magnitude of a param or let, every band
// member of a tile the kernel touches lies within NarrowBoxS * P +
// NarrowBoxC (the tables' boxes, their band shifts and a tile of
// padding), every variable of an expression within X = 2 * max(P, that)
// (a wavefront coordinate is the sum of two tile coordinates), and every
// value the kernel computes, each subexpression included, within
// NarrowS * X + NarrowC. The generated host checks it per launch and runs
// the int32 instance of the kernel where it holds (|value| < 2^31), the
// int64 one elsewhere. Measured on the H100 and H200 (docs/benchmarks.md):
// the guarded steps of a strip are about half as many instructions in
// int32, a Nussinov tile-kernel launch 35% fewer.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include <fmt/format.h>

#include <optional>

using namespace dpc;
using namespace dpc::lir;

namespace {

/// |E| <= S * X + C where every variable's magnitude is at most X.
struct Magnitude {
  int64_t S = 0, C = 0;
};

// Past this a coefficient sum or constant is not worth a narrow instance.
constexpr int64_t Cap = int64_t(1) << 40;

/// Bounds the magnitudes of a kernel's index expressions.
class MagnitudeBound {
public:
  /// Adds E (and every subexpression of it) to the bound; false where E is
  /// not affine (a product of variables) or too large to matter.
  bool add(const IExprPtr &E) {
    if (!E)
      return true;
    std::optional<Magnitude> M = visit(*E);
    return M.has_value();
  }
  Magnitude worst() const { return Worst; }

private:
  Magnitude Worst;

  std::optional<Magnitude> keep(Magnitude M) {
    if (M.S > Cap || M.C > Cap)
      return std::nullopt;
    Worst.S = std::max(Worst.S, M.S);
    Worst.C = std::max(Worst.C, M.C);
    return M;
  }

  std::optional<Magnitude> visit(const IExpr &E) {
    std::vector<Magnitude> A;
    for (const IExprPtr &X : E.Args) {
      std::optional<Magnitude> M = visit(*X);
      if (!M)
        return std::nullopt;
      A.push_back(*M);
    }
    auto Join = [](Magnitude X, Magnitude Y) {
      return Magnitude{std::max(X.S, Y.S), std::max(X.C, Y.C)};
    };
    switch (E.K) {
    case IExpr::Int:
      return keep({0, E.Val < 0 ? -E.Val : E.Val});
    case IExpr::Var:
      return keep({1, 0});
    case IExpr::Add:
    case IExpr::Sub:
      return keep({A[0].S + A[1].S, A[0].C + A[1].C});
    case IExpr::Neg:
      return keep(A[0]);
    case IExpr::Mul: {
      std::optional<int64_t> L = constantOf(*E.Args[0]);
      std::optional<int64_t> R = constantOf(*E.Args[1]);
      if (!L && !R)
        return std::nullopt;
      int64_t F = L ? *L : *R;
      F = F < 0 ? -F : F;
      const Magnitude &O = L ? A[1] : A[0];
      if (F > Cap)
        return std::nullopt;
      return keep({O.S * F, O.C * F});
    }
    case IExpr::FloorDiv:
    case IExpr::CeilDiv:
    case IExpr::ExactDiv:
      // |a / b| <= |a| for b >= 1, plus one for the rounding
      return keep({A[0].S, A[0].C + 1});
    case IExpr::Mod: {
      std::optional<int64_t> D = constantOf(*E.Args[1]);
      if (!D)
        return std::nullopt;
      return keep({0, *D < 0 ? -*D : *D});
    }
    case IExpr::Min:
    case IExpr::Max: {
      Magnitude M = A[0];
      for (const Magnitude &X : A)
        M = Join(M, X);
      return keep(M);
    }
    case IExpr::Select:
      return keep(Join(A[1], A[2]));
    case IExpr::Eq:
    case IExpr::Le:
    case IExpr::Lt:
    case IExpr::Ge:
    case IExpr::Gt:
    case IExpr::And:
    case IExpr::Or:
    case IExpr::Not:
      return keep({0, 1});
    }
    return std::nullopt;
  }
};

/// Adds every index expression of a loop tree (bounds, conditions, a
/// statement instance's arguments).
bool addTree(const LNode *N, MagnitudeBound &B) {
  if (!N)
    return true;
  bool Ok = B.add(N->Lo) && B.add(N->Hi) && B.add(N->Cond);
  for (const IExprPtr &A : N->Args)
    Ok = Ok && B.add(A);
  Ok = Ok && addTree(N->Then.get(), B) && addTree(N->Else.get(), B);
  for (const LNodePtr &K : N->Kids)
    Ok = Ok && addTree(K.get(), B);
  return Ok;
}

/// Adds the index expressions of a statement's body; a reason where the
/// body evaluates index values the bound does not cover. Reductions: their
/// loops' bounds and (split reductions) the remainder's loop trees, the
/// staged boxes' origins; with Loops false a reduction is refused (a strip
/// cell runs none).
std::optional<std::string> addBody(const Program &P, const VExpr &Body,
                                   MagnitudeBound &B, bool Loops) {
  std::optional<std::string> Why;
  forEachVExpr(Body, [&](const VExpr &E) {
    if (Why)
      return;
    if (E.K == VExpr::Reduce || E.K == VExpr::SplitReduce) {
      if (!Loops) {
        Why = "a cell runs a reduction loop";
        return;
      }
      bool Ok = true;
      for (const Binding &Bd : E.Bindings)
        Ok = Ok && B.add(Bd.Lo) && B.add(Bd.Hi);
      Ok = Ok && addTree(E.Rest.get(), B);
      if (E.K == VExpr::SplitReduce && E.Split >= 0) {
        const SplitInfo &Sp = P.Splits[E.Split];
        Ok = Ok && addTree(Sp.RestBySource.get(), B);
        for (int O = 0; O < 2; ++O)
          for (const IExprPtr &L : Sp.rest(O).Lo)
            Ok = Ok && B.add(L);
      }
      if (!Ok)
        Why = "a reduction's loop bound is not affine";
      return;
    }
    if (!E.DynIdx.empty() || !E.DataGuards.empty()) {
      Why = "a cell reads at subscripts computed from input values";
      return;
    }
    bool Ok = B.add(E.Ix);
    for (auto &[In, X] : E.SeqArgs)
      Ok &= B.add(X);
    for (const IExprPtr &X : E.Idx)
      Ok &= B.add(X);
    for (const IExprPtr &X : E.Guards)
      Ok &= B.add(X);
    for (const EventInfo &Ev : E.Events)
      for (const IExprPtr &X : Ev.Args)
        Ok &= B.add(X);
    if (!Ok)
      Why = "an index expression of a cell is not affine";
  });
  return Why;
}

/// The domain constraints of table T as the kernel's guards evaluate them.
bool addDomain(const ModuleInfo &M, int T, MagnitudeBound &B) {
  bool Ok = true;
  for (const Constraint &C : M.Tables[T].Domain)
    Ok &= B.add(IExpr::fromAffine(C.E));
  return Ok;
}

/// Gives kernel K its int32 instance with the bound of Exprs (every value)
/// and Box (every band member or index), or the reason it has none; What:
/// what the instance covers, Member: what Box bounds (for NarrowWhy).
void setNarrow(GpuKernel &K, const Group &G, const MagnitudeBound &Exprs,
               const MagnitudeBound &Box, const std::string &What,
               const std::string &Member) {
  // A touched member: a box's index, shifted, and a tile (plus a warp of
  // lanes, the column before the tile or a tile's origin rounded down)
  // past it.
  int64_t Pad = 64;
  for (size_t D = 0; D < G.TileSizes.size() && D < G.Shifts.size(); ++D)
    Pad += std::abs(G.Shifts[D]) + G.TileSizes[D];
  // (the host's test multiplies these by sizes up to 2^31 in int64)
  if (Exprs.worst().S > (1 << 20) || Box.worst().S > (1 << 20)) {
    K.Narrow = false;
    K.NarrowWhy = "the kernel's index expressions have coefficients too "
                  "large to bound in int32";
    return;
  }
  K.Narrow = true;
  K.NarrowS = Exprs.worst().S;
  K.NarrowC = Exprs.worst().C;
  K.NarrowBoxS = Box.worst().S;
  K.NarrowBoxC = Box.worst().C + Pad;
  K.NarrowWhy = fmt::format(
      "index arithmetic in int32 ({}) where the run's sizes keep it there: "
      "with P the largest |param|, every {} within {} * P + {}, every value "
      "within {} * X + {} for X = 2 * max(P, that) (checked by the host per "
      "launch), else int64",
      What, Member, K.NarrowBoxS, K.NarrowBoxC, K.NarrowS, K.NarrowC);
}

/// Decides kernel K (a strip kernel): sets Narrow and its bound, or
/// NarrowWhy with the reason it has no int32 instance.
void chooseFor(Program &P, GpuKernel &K) {
  const Group &G = P.Groups[K.Group];
  const ModuleInfo &M = P.M;
  auto No = [&](const std::string &Why) {
    K.Narrow = false;
    K.NarrowWhy = Why;
  };
  MagnitudeBound Exprs, Box;
  // The tables whose cells the kernel computes or stores.
  std::vector<int> Tables = G.StripTables;
  for (const RowReduction &RR : K.RowReductions)
    Tables.push_back(RR.Table);
  for (int S : G.Stmts)
    if (std::optional<std::string> Why =
            addBody(P, *P.Stmts[S].Body, Exprs, false))
      return No(*Why);
  // (a row reduction's body is not evaluated: each lane keeps its rows'
  // running max or min and stores it at the row's index)
  bool Ok = true;
  for (int T : Tables) {
    Ok &= addDomain(M, T, Exprs);
    const Storage &St = P.Storages[T];
    if (St.BoxLo.size() != M.Tables[T].Indices.size() ||
        St.BoxHi.size() != St.BoxLo.size())
      return No("table " + M.Tables[T].Name + " has no box");
    for (size_t D = 0; D < St.BoxLo.size(); ++D) {
      Ok &= Box.add(St.BoxLo[D]);
      Ok &= Box.add(St.BoxHi[D]);
    }
    // (a ring row's slot is 0 or 1: the offset is at most that of slot 1)
    if (St.Ring)
      Ok &= Exprs.add(ringOffset(P, T, IExpr::num(1),
                                 IExpr::var(M.Tables[T].Indices.back())));
    // (the output cell after the two rows: element 2 * RingRowLen)
    if (St.RingOutput)
      Ok &= Exprs.add(IExpr::num(2) * St.RingRowLen);
  }
  for (const StripLeaf &L : G.StripLeaves) {
    Ok &= Exprs.add(L.Pos);
    Ok &= Exprs.add(L.Guard);
  }
  Ok &= Exprs.add(G.InteriorGuard);
  Ok &= Exprs.add(G.InteriorBlockGuard);
  if (K.RowDecidedRuns) {
    Ok &= Exprs.add(G.RowBlockGuard);
    Ok &= Exprs.add(G.RowBlockSameGuard);
  }
  for (const IExprPtr &X : {K.WaveLo, K.WaveHi, K.TileLo, K.TileHi})
    Ok &= Exprs.add(X);
  if (K.Body)
    for (const IExprPtr &X : tileStartArgs(*K.Body, K.Group))
      Ok &= Exprs.add(X);
  if (!Ok)
    return No("an index expression of the kernel is not affine in the params "
              "and indices");
  setNarrow(K, G, Exprs, Box, "a second instance", "member");
}

/// Adds the index expressions of tile product SI as its kernel evaluates
/// them (in the tile kernel, or in its own split-over-k kernel): the k
/// loops of U(tile), the operands' indices and load guards, the masks, the
/// cell guard and the k-dependent terms, the part of the k range a block
/// takes (a chunk's start and the next one's: k plus at most two rounds of
/// every part's chunks) and a thread's rows and columns past the box.
bool addProduct(const Program &P, int SI, MagnitudeBound &B) {
  const SplitInfo &Sp = P.Splits[SI];
  bool Ok = addTree(Sp.ProductLoops.get(), B);
  for (const IExprPtr &X : Sp.BoxLo)
    Ok = Ok && B.add(X);
  for (const IExprPtr &X : {Sp.CellGuard, Sp.RowMask, Sp.ColMask,
                            Sp.XLoadGuard, Sp.YLoadGuard, Sp.OldLo, Sp.OldHi,
                            Sp.OldGuard})
    Ok = Ok && B.add(X);
  for (const VExprPtr &V : {Sp.X, Sp.Y})
    Ok = Ok && V && !addBody(P, *V, B, false);
  for (const auto &KT : Sp.KTerms)
    Ok = Ok && KT.second && !addBody(P, *KT.second, B, false);
  if (SI < static_cast<int>(P.Gpu.Products.size())) {
    const GpuProduct &GP = P.Gpu.Products[SI];
    int64_t Slack = 2 * GP.KChunk * std::max(GP.MaxParts, 1) + GP.Rows +
                    GP.Cols;
    Ok = Ok && B.add(IExpr::var("k") + IExpr::num(Slack));
  }
  return Ok;
}

/// Decides kernel K (a tile kernel): its cells' indices, reductions and
/// remainder loops, the tile loops, the staged boxes and every table's
/// domain and box, as for a strip kernel; its tile products' (those in the
/// kernel and the one in its split-over-k kernel, which takes the same
/// instance) too.
void chooseForTiles(Program &P, GpuKernel &K) {
  const Group &G = P.Groups[K.Group];
  const ModuleInfo &M = P.M;
  auto No = [&](const std::string &Why) {
    K.Narrow = false;
    K.NarrowWhy = Why;
  };
  MagnitudeBound Exprs, Box;
  for (int S : G.Stmts)
    if (std::optional<std::string> Why =
            addBody(P, *P.Stmts[S].Body, Exprs, true))
      return No(*Why);
  bool Ok = addTree(K.Body.get(), Exprs);
  walkNodes(*K.Body, [&](const LNode &N) {
    if (N.isProduct())
      Ok = Ok && addProduct(P, N.Ref, Exprs);
    return true;
  });
  // (every table: the cells read and stored, their domain guards; the
  // tile's copy and the staged boxes test them too)
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    Ok = Ok && addDomain(M, static_cast<int>(T), Exprs);
    const Storage &St = P.Storages[T];
    if (St.BoxLo.size() != M.Tables[T].Indices.size() ||
        St.BoxHi.size() != St.BoxLo.size())
      return No("table " + M.Tables[T].Name + " has no box");
    for (size_t D = 0; D < St.BoxLo.size(); ++D)
      Ok = Ok && Box.add(St.BoxLo[D]) && Box.add(St.BoxHi[D]);
  }
  if (!Ok)
    return No("an index expression of the kernel is not affine in the params "
              "and indices");
  setNarrow(K, G, Exprs, Box,
            "a second instance: the tile loops, the cells' indices, their "
            "reductions and remainder loops, the tile products (and the "
            "split-over-k product kernel's instance with it)",
            "index");
}

/// Whether E is built of what the host's interval test bounds: params,
/// indices and constants, sums, products, divisions and rounding by
/// constants, min and max (dpc::Iv in the runtime).
bool intervalBounded(const IExpr &E) {
  switch (E.K) {
  case IExpr::Int:
  case IExpr::Var:
    return true;
  case IExpr::Add:
  case IExpr::Sub:
  case IExpr::Neg:
  case IExpr::Mul:
  case IExpr::Min:
  case IExpr::Max:
    break;
  case IExpr::FloorDiv:
  case IExpr::CeilDiv:
  case IExpr::ExactDiv:
    if (!constantOf(*E.Args[1]) || *constantOf(*E.Args[1]) == 0)
      return false;
    break;
  default:
    return false;
  }
  for (const IExprPtr &A : E.Args)
    if (!A || !intervalBounded(*A))
      return false;
  return true;
}

/// The tables whose element offsets an int32 tile-kernel instance computes
/// in int32 (Storage::Offset32), by name, and sets the flags.
std::string chooseOffsets(Program &P) {
  std::string Names;
  for (size_t T = 0; T < P.M.Tables.size(); ++T) {
    Storage &St = P.Storages[T];
    std::vector<IExprPtr> X;
    for (const std::string &I : P.M.Tables[T].Indices)
      X.push_back(IExpr::var(I));
    IExprPtr Off = storageOffset(P, static_cast<int>(T), X);
    St.Offset32 = Off && St.BoxLo.size() == X.size() &&
                  St.BoxHi.size() == X.size() && intervalBounded(*Off);
    if (St.Offset32)
      Names += (Names.empty() ? "" : ", ") + P.M.Tables[T].Name;
  }
  return Names;
}

} // namespace

void dpc::chooseIndexWidth(Program &P) {
  const std::string Offsets = chooseOffsets(P);
  for (GpuKernel &K : P.Gpu.Kernels) {
    K.Narrow = false;
    K.NarrowS = K.NarrowC = K.NarrowBoxS = K.NarrowBoxC = 0;
    K.NarrowWhy.clear();
    K.NarrowOffsets = false;
    if (K.Family == KernelFamily::Strip && K.Group >= 0)
      chooseFor(P, K);
    else if (K.Family == KernelFamily::TileWavefront && K.Group >= 0 &&
             K.perTile() && K.Body) {
      chooseForTiles(P, K);
      K.NarrowOffsets = K.Narrow && !Offsets.empty();
      if (K.NarrowOffsets)
        K.NarrowWhy += fmt::format(
            "; the element offsets of {} in int32 too, where every "
            "intermediate of each stays there over the table's box "
            "(interval arithmetic on the host, dpc_offsets32)",
            Offsets);
    }
  }
}
