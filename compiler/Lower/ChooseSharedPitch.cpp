//===- ChooseSharedPitch.cpp - shared-memory rows that spread the banks ---===//
//
// Takes a GPU tile kernel's annotated body (its point loops mapped to the
// block's threads with their lanes, MapToTarget) and one of its shared-
// memory arrays: the tile's copy of a table of its group, or a split's
// staged remainder box. Gives the array's layout (lir::SharedLayout): its
// logical box row-major, the last extent padded by the amount, among
// 0 .. (a row of banks) - 1, that makes the warps' reads and writes of the
// array take the fewest shared-memory wavefronts, the least padding on a
// tie (within 1%: the samples' noise).
//
// The count is a model of the kernel as printed, sampled: a warp is 32
// consecutive threads of a point loop, so 32 / L consecutive cells of the
// loop (the cell moves by the loop's step in each index: the coefficients
// of the loop's iterator in the cell's arguments) with L lanes each, lane l
// starting the innermost loop of a reduction at its lower bound + l steps.
// For base cells drawn in a few tiles (params large, a fixed seed), each
// thread walks the cell's body and its reduction loops at their first
// iteration (the `if`s of the loops evaluated per thread), and records
// which element of the array each read (or the cell's store) touches; the
// threads at the same read form one request, whose wavefronts are the most
// distinct 4-byte words any one bank holds (bank = word mod 32). A request
// inside a reduction loop counts as often as the lanes iterate it there.
// Padding costs shared memory only: the caller checks it still fits.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace dpc;
using namespace dpc::lir;

namespace {

constexpr int Banks = 32;
constexpr int64_t BankBytes = 4;

/// One thread's touch of the array: which request (a read or store site in
/// the body, in a piece of the loops), how often the request repeats, and
/// the element's indices in the array's logical box.
struct Touch {
  std::string Site;
  int64_t Weight = 1;
  std::vector<int64_t> Local;
};

/// A warp's request: how often it repeats, and each thread's element (its
/// indices in the array's box).
using Request = std::pair<int64_t, std::vector<std::vector<int64_t>>>;

class Sampler {
public:
  Sampler(const Program &P, const Group &G, const SharedArray &A,
          int WarpSize)
      : P(P), G(G), A(A), WarpSize(WarpSize) {}

  /// Every warp request sampled in Body.
  std::vector<Request> requests(const LNode &Body) {
    walkNodes(Body, [&](const LNode &N) {
      if (N.K == LNode::For && N.Role == LoopRole::ParallelPoints) {
        walkNodes(N, [&](const LNode &X) {
          if (X.isCell())
            sampleCells(N, X);
          return true;
        });
        return false;
      }
      return true;
    });
    return std::move(Out);
  }

private:
  const Program &P;
  const Group &G;
  const SharedArray &A;
  int WarpSize;
  std::vector<Request> Out;
  std::vector<int64_t> Tile; // the sampled warp's tile coordinates

  /// The names a thread's expressions see.
  struct Env {
    std::map<std::string, int64_t> V;
    bool Bad = false;
    int64_t operator()(const std::string &N) {
      auto It = V.find(N);
      if (It != V.end())
        return It->second;
      Bad = true;
      return 0;
    }
  };

  int64_t eval(const IExprPtr &E, Env &En) {
    return evalIExpr(*E, [&](const std::string &N) { return En(N); });
  }

  /// The tile coordinate of cell index value X along band member D.
  int64_t tileOf(size_t D, int64_t X) const {
    int64_t M = G.Signs[D] * X + G.Shifts[D];
    int64_t B = G.TileSizes[D];
    return M >= 0 ? M / B : -((-M + B - 1) / B);
  }

  /// The lowest cell index of tile T along member D (tileCachePreamble).
  int64_t tileLo(size_t D, int64_t T) const {
    int64_t B = G.TileSizes[D];
    int64_t Lo = B * T - G.Shifts[D];
    return G.Signs[D] < 0 ? -(Lo + B - 1) : Lo;
  }

  /// Where read E lands in the array, for a thread of the warp (in a piece
  /// of split RestSplit's remainder whose X and Y read from RestSrc): the
  /// element's indices in the box, or none.
  std::optional<std::vector<int64_t>> localOf(const VExpr &E, Env &En,
                                              int RestSplit,
                                              std::array<int, 2> RestSrc) {
    if (E.K != VExpr::Load || !E.DynIdx.empty())
      return std::nullopt;
    std::vector<IExprPtr> Y = effectiveCell(P, E.Table, E.Idx);
    int T = effectiveTable(P, E.Table);
    std::vector<int64_t> Cell;
    for (auto &I : Y)
      Cell.push_back(eval(I, En));
    int Src = -1; // the source of a split's operand in a piece of its loops
    int Op = -1;
    if (RestSplit >= 0) {
      const SplitInfo &Sp = P.Splits[RestSplit];
      for (int O = 0; O < 2 && Src < 0; ++O)
        if (sameLoad(E, *(O ? Sp.Y : Sp.X))) {
          Src = RestSrc[O];
          Op = O;
        }
    }
    if (A.Split >= 0) { // a staged box: only its piece's reads
      if (Src != int(RestSource::Box) || RestSplit != A.Split ||
          Op != A.Operand)
        return std::nullopt;
      const SplitInfo &Sp = P.Splits[A.Split];
      const SplitInfo::RestBox &B = Sp.rest(A.Operand);
      // (the box's origin is over the split's tile variables)
      auto AtTile = [&](const std::string &N) {
        for (size_t K = 0; K < Sp.TileVars.size() && K < Tile.size(); ++K)
          if (Sp.TileVars[K] == N)
            return Tile[K];
        return En(N);
      };
      std::vector<int64_t> L;
      for (size_t D = 0; D < Cell.size(); ++D) {
        L.push_back(Cell[D] - evalIExpr(*B.Lo[D], AtTile));
        if (L.back() < 0 || L.back() >= B.Size[D])
          return std::nullopt;
      }
      return L;
    }
    // the tile's copy: reads of the table in the tile (a split operand
    // only in a piece that reads the tile's copy)
    if (T != A.Table || (Src >= 0 && Src != int(RestSource::Tile)) ||
        Cell.size() != G.TileSizes.size())
      return std::nullopt;
    std::vector<int64_t> L;
    for (size_t D = 0; D < Cell.size(); ++D) {
      L.push_back(Cell[D] - tileLo(D, Tile[D]));
      if (L.back() < 0 || L.back() >= G.TileSizes[D])
        return std::nullopt;
    }
    return L;
  }

  /// The touches of one thread (lane Lane of Lanes) at cell X of statement
  /// S, in the warp's tile.
  void threadTouches(int S, const std::vector<int64_t> &X, int Lane,
                     int Lanes, Env &En, std::vector<Touch> &Ts) {
    const lir::Statement &St = P.Stmts[S];
    for (size_t D = 0; D < X.size(); ++D)
      En.V[St.Indices[D]] = X[D];
    // the cell's own store (lane 0)
    if (Lane == 0 && A.Split < 0 && effectiveTable(P, St.Table) == A.Table) {
      std::vector<int64_t> L;
      bool In = X.size() == G.TileSizes.size();
      for (size_t D = 0; In && D < X.size(); ++D) {
        L.push_back(X[D] - tileLo(D, Tile[D]));
        In = L.back() >= 0 && L.back() < G.TileSizes[D];
      }
      if (In)
        Ts.push_back({"store " + std::to_string(S), 1, L});
    }
    std::function<void(const VExpr &, int64_t, const std::string &, int,
                       std::array<int, 2>)>
        Visit = [&](const VExpr &E, int64_t W, const std::string &Piece,
                    int RS, std::array<int, 2> Src) {
          const void *Id = &E;
          if (E.K == VExpr::Load) {
            if (auto L = localOf(E, En, RS, Src))
              Ts.push_back({fmt::format("{}/{}", Piece, Id), W, *L});
            return;
          }
          if (E.K == VExpr::Cases) {
            // the first arm whose affine guard holds (input-value
            // comparisons taken as holding)
            for (size_t I = 0; I < E.Kids.size(); ++I) {
              bool Holds = !E.Guards[I] || eval(E.Guards[I], En) != 0;
              if (En.Bad)
                return;
              if (Holds) {
                Visit(*E.Kids[I], W, Piece, RS, Src);
                return;
              }
            }
            return;
          }
          if (E.K == VExpr::Reduce || E.K == VExpr::SplitReduce) {
            const LNode *Tree = E.Rest.get();
            if (E.K == VExpr::SplitReduce && E.Split >= 0 &&
                P.Splits[E.Split].RestBySource)
              Tree = P.Splits[E.Split].RestBySource.get();
            if (Tree)
              loops(*Tree, E, fmt::format("{}/{}", Piece, Id), W, RS, Src,
                    Lane, Lanes, En, Ts);
            return;
          }
          for (auto &K : E.Kids)
            Visit(*K, W, Piece, RS, Src);
        };
    Visit(*St.Body, 1, "cell " + std::to_string(S), -1, {0, 0});
  }

  /// A reduction's loops at their first iteration (the innermost loop from
  /// the thread's lane), then the body's touches.
  void loops(const LNode &N, const VExpr &Red, const std::string &Piece,
             int64_t W, int RS, std::array<int, 2> Src, int Lane, int Lanes,
             Env &En, std::vector<Touch> &Ts) {
    switch (N.K) {
    case LNode::Block:
      for (size_t I = 0; I < N.Kids.size(); ++I)
        loops(*N.Kids[I], Red, Piece + "." + std::to_string(I), W, RS, Src,
              Lane, Lanes, En, Ts);
      return;
    case LNode::Mark:
      if (N.MarkName == "rest_sources" && Red.Split >= 0) {
        RS = Red.Split;
        Src = {N.Ref / 3, N.Ref % 3};
      }
      loops(*N.Kids[0], Red, Piece, W, RS, Src, Lane, Lanes, En, Ts);
      return;
    case LNode::If: {
      bool C = eval(N.Cond, En) != 0;
      if (En.Bad)
        return;
      if (C)
        loops(*N.Then, Red, Piece + "t", W, RS, Src, Lane, Lanes, En, Ts);
      else if (N.Else)
        loops(*N.Else, Red, Piece + "e", W, RS, Src, Lane, Lanes, En, Ts);
      return;
    }
    case LNode::For: {
      bool Inner = true;
      for (auto &K : N.Kids)
        walkNodes(*K, [&](const LNode &X) {
          Inner = Inner && X.K != LNode::For;
          return Inner;
        });
      int64_t Lo = eval(N.Lo, En), Hi = eval(N.Hi, En);
      if (En.Bad)
        return;
      int64_t First = Lo + (Inner ? Lane * N.Step : 0);
      if (First > Hi)
        return;
      // (the lanes' iterations of an innermost loop: this lane's count)
      int64_t Trips = Inner ? (Hi - First) / (N.Step * Lanes) + 1 : 1;
      En.V[N.Iter] = First;
      for (size_t I = 0; I < N.Kids.size(); ++I)
        loops(*N.Kids[I], Red, Piece + "f" + std::to_string(I), W * Trips, RS,
              Src, Lane, Lanes, En, Ts);
      return;
    }
    case LNode::Stmt: {
      for (size_t I = 0; I < Red.Bindings.size() && I < N.Args.size(); ++I)
        En.V[Red.Bindings[I].Var] = eval(N.Args[I], En);
      if (En.Bad)
        return;
      std::function<void(const VExpr &)> Body = [&](const VExpr &E) {
        const void *Id = &E;
        if (E.K == VExpr::Load) {
          if (auto L = localOf(E, En, RS, Src))
            Ts.push_back({fmt::format("{}:{}", Piece, Id), W, *L});
          return;
        }
        for (auto &K : E.Kids)
          Body(*K);
      };
      Body(*Red.Kids[0]);
      return;
    }
    }
  }

  /// Warps of the point loop Par's cells at statement node Cell, sampled.
  void sampleCells(const LNode &Par, const LNode &Cell) {
    const lir::Statement &St = P.Stmts[Cell.Ref];
    const size_t Dims = St.Indices.size();
    if (Cell.Args.size() != Dims || Dims != G.TileSizes.size())
      return;
    std::vector<int64_t> Dir;
    for (auto &Arg : Cell.Args) {
      auto C = coeffOf(*Arg, Par.Iter);
      if (!C)
        return;
      Dir.push_back(*C * Par.Step);
    }
    const int Lanes = std::max(1, Par.Lanes);
    const int Cells = std::max(1, WarpSize / Lanes);
    int64_t Side = 1;
    for (int64_t B : G.TileSizes)
      Side = std::max(Side, B);
    uint64_t Seed = 0x9e3779b97f4a7c15ull;
    auto Next = [&](int64_t Range) {
      Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
      return static_cast<int64_t>((Seed >> 33) % static_cast<uint64_t>(Range));
    };
    Env Base;
    for (auto &Pm : P.M.Params)
      Base.V[Pm.Name] = int64_t(1) << 20;
    for (auto &L : P.M.Lets)
      Base.V[L.Name] = L.Value;
    int Taken = 0;
    for (int Try = 0; Try < 4000 && Taken < 48; ++Try) {
      // a base cell in one of a few tiles, well inside the params' range
      std::vector<int64_t> X0;
      for (size_t D = 0; D < Dims; ++D)
        X0.push_back(8 * Side + Next(4 * Side));
      std::vector<int64_t> T0;
      for (size_t D = 0; D < Dims; ++D)
        T0.push_back(tileOf(D, X0[D]));
      // every cell of the warp in the base cell's tile
      bool Same = true;
      for (int C = 0; C < Cells && Same; ++C)
        for (size_t D = 0; D < Dims && Same; ++D)
          Same = tileOf(D, X0[D] + C * Dir[D]) == T0[D];
      if (!Same)
        continue;
      Tile = T0;
      std::map<std::string, Request> Req;
      bool Bad = false;
      for (int T = 0; T < Cells * Lanes && !Bad; ++T) {
        std::vector<int64_t> X;
        for (size_t D = 0; D < Dims; ++D)
          X.push_back(X0[D] + (T / Lanes) * Dir[D]);
        Env En = Base;
        std::vector<Touch> Ts;
        threadTouches(Cell.Ref, X, T % Lanes, Lanes, En, Ts);
        Bad = En.Bad;
        for (auto &Tc : Ts) {
          auto &R = Req[Tc.Site];
          R.first = std::max(R.first, Tc.Weight);
          R.second.push_back(Tc.Local);
        }
      }
      if (Bad || Req.empty())
        continue;
      ++Taken;
      for (auto &[Site, R] : Req)
        Out.push_back(R);
    }
  }
};

/// The wavefronts of one request: the most distinct words in one bank.
int64_t wavefronts(const std::vector<std::vector<int64_t>> &Threads,
                   const std::vector<int64_t> &Strides, int64_t Bytes) {
  std::map<int64_t, std::set<int64_t>> ByBank;
  for (auto &L : Threads) {
    int64_t Off = 0;
    for (size_t D = 0; D < L.size(); ++D)
      Off += Strides[D] * L[D];
    int64_t First = Off * Bytes / BankBytes;
    int64_t Last = (Off * Bytes + Bytes - 1) / BankBytes;
    for (int64_t Wd = First; Wd <= Last; ++Wd)
      ByBank[((Wd % Banks) + Banks) % Banks].insert(Wd);
  }
  int64_t Most = 0;
  for (auto &[B, Ws] : ByBank)
    Most = std::max<int64_t>(Most, static_cast<int64_t>(Ws.size()));
  return Most;
}

std::vector<int64_t> stridesOf(const std::vector<int64_t> &Extents) {
  std::vector<int64_t> S(Extents.size(), 1);
  for (size_t D = Extents.size(); D-- > 1;)
    S[D - 1] = S[D] * Extents[D];
  return S;
}

} // namespace

SharedLayout dpc::chooseSharedLayout(const Program &P, const LNode &Body,
                                     const Group &G, const SharedArray &A,
                                     int WarpSize) {
  SharedLayout L;
  L.Extents = A.Size;
  if (A.Size.size() < 2 || A.Table < 0)
    return L;
  Sampler S(P, G, A, WarpSize);
  auto Reqs = S.requests(Body);
  if (Reqs.empty()) {
    L.Why = "no warp's reads of it were sampled: rows unpadded";
    return L;
  }
  const int64_t Bytes = typeBytes(P.M.Tables[A.Table].Type);
  const int64_t Row = Banks * BankBytes / std::max<int64_t>(Bytes, 1);
  auto Cost = [&](int64_t Pad, int64_t &Requests) {
    std::vector<int64_t> E = A.Size;
    E.back() += Pad;
    std::vector<int64_t> Str = stridesOf(E);
    int64_t C = 0;
    Requests = 0;
    for (auto &[W, Ts] : Reqs) {
      C += W * wavefronts(Ts, Str, Bytes);
      Requests += W;
    }
    return C;
  };
  int64_t Requests = 0;
  const int64_t Plain = Cost(0, Requests);
  // the least padding within 1% of the fewest wavefronts (the samples'
  // noise; a wider row costs shared memory)
  std::vector<int64_t> Costs = {Plain};
  for (int64_t Pad = 1; Pad < Row; ++Pad) {
    int64_t R = 0;
    Costs.push_back(Cost(Pad, R));
  }
  const int64_t Fewest = *std::min_element(Costs.begin(), Costs.end());
  int64_t BestPad = 0;
  while (Costs[BestPad] * 100 > Fewest * 101)
    ++BestPad;
  const int64_t Best = Costs[BestPad];
  L.Extents.back() += BestPad;
  auto PerRequest = [&](int64_t C) {
    return fmt::format("{:.2f}", double(C) / double(std::max<int64_t>(Requests, 1)));
  };
  if (BestPad == 0)
    L.Why = fmt::format("rows of {} unpadded: {} wavefronts per warp request "
                        "(sampled), no padding takes fewer",
                        A.Size.back(), PerRequest(Plain));
  else
    L.Why = fmt::format("rows of {} padded to {}: {} wavefronts per warp "
                        "request instead of {} (sampled)",
                        A.Size.back(), L.Extents.back(), PerRequest(Best),
                        PerRequest(Plain));
  return L;
}
