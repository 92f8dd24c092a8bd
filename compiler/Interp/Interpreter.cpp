//===- Interpreter.cpp ----------------------------------------------------===//
#include "Interp/Interpreter.h"

#include "dpc_driver.h"

#include "Basic/Diagnostics.h"
#include "dpc_values.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <pthread.h>
#include <sstream>

using namespace dpc;
using namespace dpc::ast;

namespace {

constexpr int MaxSlots = 24;

/// c + sum(coeff * env[slot]), params and constants already folded in.
struct LinForm {
  int64_t C = 0;
  std::vector<std::pair<int, int64_t>> T;
  int64_t eval(const int64_t *Env) const {
    int64_t R = C;
    for (auto &[S, K] : T)
      R += K * Env[S];
    return R;
  }
};

struct LinCons {
  LinForm E;
  bool IsEq = false;
  bool holds(const int64_t *Env) const {
    int64_t V = E.eval(Env);
    return IsEq ? V == 0 : V >= 0;
  }
};

struct Node {
  enum Op { Const, Lin, Read, IntIn, Sym, Score, Neg, Add, Sub, Mul, Max,
            Min, Exp, Log, Reduce, Cases } Kind;
  ScalarType Ty = ScalarType::Int32; // evaluation type
  const Expr *Src = nullptr;
  Num K;                              // Const
  LinForm L;                          // Lin value; Read offset; IntIn pos
  int Target = -1;                    // Read table, IntIn input, Score
  std::vector<LinForm> Idx;           // Read indices
  /// Read: per index, its value expression when it reads input values
  /// (null: Idx), checked against the table's domain when read; the
  /// variables in scope (name, slot) for the message.
  std::vector<Node *> Dyn;
  std::vector<std::pair<std::string, int>> Scope;
  /// Cases: per arm, the comparisons that read input values (Sym operands:
  /// sequence symbols), tried after its affine constraints hold.
  struct DataCons {
    Node *L, *R;
    CmpOp Op;
  };
  std::vector<std::vector<DataCons>> DGuards;
  std::vector<std::pair<int, LinForm>> SArgs; // Score: (input, position)
  std::vector<Node *> Kids;
  RedOp ROp = RedOp::Max;             // Reduce
  std::vector<int> RSlots;
  std::vector<LinForm> Lo, Hi;
  std::vector<std::vector<LinCons>> Guards; // Cases (empty + Else = else)
  std::vector<bool> Else;
  std::vector<std::pair<std::string, std::vector<LinForm>>> Events;
  /// Reduce over one index whose body is Read + Read of integer tables
  /// (no events): evaluated by a tight loop with incremental offsets.
  bool FastSum = false;
  int64_t StepX = 0, StepY = 0;
};

struct TableRt {
  const TableDecl *Decl = nullptr;
  int Dims = 0;
  std::vector<int64_t> Lo, Ext, Stride;
  size_t Size = 0;
  std::vector<int64_t> VI;
  std::vector<double> VF;
  std::vector<uint8_t> State; // 0 new, 1 in progress, 2 done
  std::vector<LinCons> Domain; // over index slots 0..Dims-1
  Node *Body = nullptr;
  bool IsInt = true;
};

} // namespace

struct Interpreter::Impl {
  const Module &M;
  std::map<std::string, int64_t> Consts; // params and lets
  std::vector<dpc_rt::InputValue> Inputs;
  std::vector<TableRt> Tables;
  std::deque<Node> Arena;
  std::vector<std::vector<Num>> ScoreNums;
  uint64_t TraceSteps = 0;
  /// Per table: tracing a cell can record an event (reads of the others
  /// are not followed; ast::tablesRecordingEvents).
  std::vector<bool> RecordsEvents;

  explicit Impl(const Module &M)
      : M(M), RecordsEvents(tablesRecordingEvents(M)) {}

  // ---- compilation of the AST into evaluable nodes ----
  LinForm lin(const Affine &A, const std::map<std::string, int> &Slots) {
    LinForm L;
    L.C = A.Const;
    for (auto &[V, C] : A.Coeffs) {
      auto S = Slots.find(V);
      if (S != Slots.end()) {
        L.T.push_back({S->second, C});
        continue;
      }
      auto K = Consts.find(V);
      DPC_ASSERT(K != Consts.end(), "unbound variable " + V);
      L.C += C * K->second;
    }
    return L;
  }

  std::vector<LinCons> cons(const std::vector<Constraint> &Cs,
                            const std::map<std::string, int> &Slots) {
    std::vector<LinCons> R;
    for (auto &C : Cs)
      R.push_back({lin(C.E, Slots), C.IsEq});
    return R;
  }

  Node *compile(const Expr &E, std::map<std::string, int> &Slots, int Depth,
                ScalarType Ty) {
    Arena.emplace_back();
    Node *N = &Arena.back();
    N->Src = &E;
    N->Ty = Ty;
    for (auto &Ev : E.Events) {
      std::vector<LinForm> Args;
      for (auto &A : Ev.AffArgs)
        Args.push_back(lin(A, Slots));
      N->Events.push_back({Ev.Name, std::move(Args)});
    }
    switch (E.K) {
    case Expr::IntLit:
      N->Kind = Node::Const;
      N->K.I = E.IntVal;
      N->K.F = static_cast<double>(E.IntVal);
      break;
    case Expr::FloatLit:
      N->Kind = Node::Const;
      N->K.F = roundF(E.FloatVal, Ty); // a float table's literal is a float
      break;
    case Expr::InfLit:
      N->Kind = Node::Const;
      N->K.I = E.Negative ? NegInfI : PosInfI;
      N->K.F = E.Negative ? -INFINITY : INFINITY;
      break;
    case Expr::Name:
      N->Kind = Node::Lin;
      N->L = lin(E.Value, Slots);
      break;
    case Expr::Subscript:
      if (E.Ref == RefKind::Table) {
        N->Kind = Node::Read;
        N->Target = E.RefIndex;
        const TableRt &T = Tables[E.RefIndex];
        if (E.readsDataIndex()) {
          for (size_t D = 0; D < E.Index.size(); ++D) {
            bool Data = E.DataIndex[D];
            N->Dyn.push_back(Data ? compile(*E.Args[D], Slots, Depth,
                                            ScalarType::Int64)
                                  : nullptr);
            N->Idx.push_back(Data ? LinForm() : lin(E.Index[D], Slots));
          }
          for (auto &[V, Sl] : Slots)
            N->Scope.push_back({V, Sl});
          std::sort(N->Scope.begin(), N->Scope.end(),
                    [](auto &A, auto &B) { return A.second < B.second; });
          break;
        }
        for (size_t D = 0; D < E.Index.size(); ++D) {
          N->Idx.push_back(lin(E.Index[D], Slots));
          LinForm Part = N->Idx.back();
          Part.C -= T.Lo[D];
          for (auto &[S, K] : Part.T)
            N->L.T.push_back({S, K * T.Stride[D]});
          N->L.C += Part.C * T.Stride[D];
        }
      } else if (E.Ref == RefKind::SeqInput) { // a symbol in a guard
        N->Kind = Node::Sym;
        N->Target = E.RefIndex;
        N->L = lin(E.Index[0], Slots);
      } else {
        DPC_ASSERT(E.Ref == RefKind::IntInput, "unexpected subscript");
        N->Kind = Node::IntIn;
        N->Target = E.RefIndex;
        // (a matrix row after row: position i * columns + j)
        const InputDecl &In = M.Inputs[E.RefIndex];
        for (size_t D = 0; D < E.Index.size(); ++D) {
          const int64_t Ext = In.SizesA[D].eval(
              [&](const std::string &V) { return Consts.at(V); });
          N->L.C *= Ext;
          for (auto &Term : N->L.T)
            Term.second *= Ext;
          LinForm Part = lin(E.Index[D], Slots);
          N->L.C += Part.C;
          N->L.T.insert(N->L.T.end(), Part.T.begin(), Part.T.end());
        }
      }
      break;
    case Expr::Call:
      N->Kind = Node::Score;
      N->Target = E.RefIndex;
      for (auto &A : E.Args)
        N->SArgs.push_back({A->RefIndex, lin(A->Index[0], Slots)});
      break;
    case Expr::Neg: N->Kind = Node::Neg; break;
    case Expr::Add: N->Kind = Node::Add; break;
    case Expr::Sub: N->Kind = Node::Sub; break;
    case Expr::Mul: N->Kind = Node::Mul; break;
    case Expr::MaxN: N->Kind = Node::Max; break;
    case Expr::MinN: N->Kind = Node::Min; break;
    case Expr::Exp: N->Kind = Node::Exp; break;
    case Expr::Log: N->Kind = Node::Log; break;
    case Expr::Reduce: {
      N->Kind = Node::Reduce;
      N->ROp = E.Op;
      int D = Depth;
      for (auto &B : E.Bindings) {
        N->Lo.push_back(lin(B.LoA, Slots));
        N->Hi.push_back(lin(B.HiA, Slots));
        DPC_ASSERT(D < MaxSlots, "too many nested reduction indices");
        Slots[B.Var] = D;
        N->RSlots.push_back(D++);
      }
      N->Kids.push_back(compile(*E.Args[0], Slots, D, Ty));
      for (auto &B : E.Bindings)
        Slots.erase(B.Var);
      const Node *Body = N->Kids[0];
      if (N->RSlots.size() == 1 &&
          (N->ROp == RedOp::Max || N->ROp == RedOp::Min) && isIntType(Ty) &&
          Body->Kind == Node::Add && Body->Events.empty() &&
          Body->Kids[0]->Kind == Node::Read && Body->Kids[1]->Kind == Node::Read &&
          Body->Kids[0]->Dyn.empty() && Body->Kids[1]->Dyn.empty() &&
          Body->Kids[0]->Events.empty() && Body->Kids[1]->Events.empty() &&
          Body->Kids[0]->Ty == Ty &&
          Tables[Body->Kids[0]->Target].Decl->Type == Ty &&
          Tables[Body->Kids[1]->Target].Decl->Type == Ty) {
        N->FastSum = true;
        for (auto &[Sl, K] : Body->Kids[0]->L.T)
          if (Sl == N->RSlots[0])
            N->StepX += K;
        for (auto &[Sl, K] : Body->Kids[1]->L.T)
          if (Sl == N->RSlots[0])
            N->StepY += K;
      }
      return N;
    }
    case Expr::Cases:
      N->Kind = Node::Cases;
      for (auto &A : E.Arms) {
        N->Guards.push_back(cons(A.G.Constraints, Slots));
        N->DGuards.emplace_back();
        for (auto &DC : A.G.DataConds)
          N->DGuards.back().push_back(
              {compile(*DC.L, Slots, Depth, ScalarType::Int64),
               compile(*DC.R, Slots, Depth, ScalarType::Int64), DC.Op});
        N->Else.push_back(A.G.IsElse);
        N->Kids.push_back(compile(*A.Body, Slots, Depth, Ty));
      }
      return N;
    }
    if (E.K != Expr::Call)
      for (auto &A : E.Args)
        N->Kids.push_back(compile(*A, Slots, Depth, Ty));
    return N;
  }

  // ---- arithmetic with the language's semantics ----
  [[noreturn]] void fail(const Node &N, const std::string &Msg) {
    throw EvalError(N.Src->Range, Msg);
  }

  int64_t fitInt(const Node &N, int64_t V, ScalarType Ty, const char *What) {
    if (V == NegInfI || V == PosInfI)
      return V;
    if (V < intTypeMin(Ty) || V > intTypeMax(Ty) ||
        (Ty == ScalarType::Int64 && (V == NegInfI || V == PosInfI)))
      fail(N, std::string("overflow: ") + What + " " + std::to_string(V) +
                  " does not fit in " + typeName(Ty));
    return V;
  }

  double roundF(double V, ScalarType Ty) {
    return Ty == ScalarType::Float ? static_cast<double>(static_cast<float>(V))
                                   : V;
  }

  Num addI(const Node &N, int64_t A, int64_t B) {
    Num R;
    bool ANeg = A == NegInfI, BNeg = B == NegInfI;
    bool APos = A == PosInfI, BPos = B == PosInfI;
    if ((ANeg && BPos) || (APos && BNeg))
      fail(N, "inf - inf is undefined in '" + exprToString(*N.Src) + "'");
    if (ANeg || BNeg) { R.I = NegInfI; return R; }
    if (APos || BPos) { R.I = PosInfI; return R; }
    int64_t S;
    if (__builtin_add_overflow(A, B, &S) || S == NegInfI || S == PosInfI)
      fail(N, "overflow: '" + exprToString(*N.Src) + "' exceeds int64");
    R.I = fitInt(N, S, N.Ty, "the result");
    return R;
  }
  static int64_t negI(int64_t A) {
    return A == NegInfI ? PosInfI : A == PosInfI ? NegInfI : -A;
  }
  Num mulI(const Node &N, int64_t A, int64_t B) {
    Num R;
    bool AInf = A == NegInfI || A == PosInfI;
    bool BInf = B == NegInfI || B == PosInfI;
    if (AInf || BInf) {
      if (A == 0 || B == 0)
        fail(N, "inf * 0 is undefined in '" + exprToString(*N.Src) + "'");
      bool Neg = (A < 0) != (B < 0);
      R.I = Neg ? NegInfI : PosInfI;
      return R;
    }
    int64_t P;
    if (__builtin_mul_overflow(A, B, &P) || P == NegInfI || P == PosInfI)
      fail(N, "overflow: '" + exprToString(*N.Src) + "' exceeds int64");
    R.I = fitInt(N, P, N.Ty, "the result");
    return R;
  }
  Num checkF(const Node &N, double V) {
    if (std::isnan(V))
      fail(N, "'" + exprToString(*N.Src) + "' is undefined (inf - inf or "
              "inf * 0)");
    Num R;
    R.F = roundF(V, N.Ty);
    return R;
  }

  /// Converts a value of type From into the node's evaluation type.
  Num convert(const Node &N, Num V, ScalarType From) {
    bool ToInt = isIntType(N.Ty);
    if (isIntType(From)) {
      if (ToInt) {
        V.I = fitInt(N, V.I, N.Ty, "value");
        return V;
      }
      V.F = V.I == NegInfI ? -INFINITY : V.I == PosInfI ? INFINITY
                                                        : static_cast<double>(V.I);
      V.F = roundF(V.F, N.Ty);
      return V;
    }
    DPC_ASSERT(!ToInt, "float value in an integer table");
    V.F = roundF(V.F, N.Ty);
    return V;
  }

  static bool better(RedOp Op, bool IsInt, Num A, Num B) {
    if (IsInt)
      return Op == RedOp::Max ? A.I > B.I : A.I < B.I;
    return Op == RedOp::Max ? A.F > B.F : A.F < B.F;
  }
  static Num identity(RedOp Op, bool IsInt) {
    Num R;
    if (Op == RedOp::Sum)
      return R;
    if (Op == RedOp::LogSumExp) { // never an integer (Sema)
      R.F = -INFINITY;
      return R;
    }
    bool Max = Op == RedOp::Max;
    if (IsInt)
      R.I = Max ? NegInfI : PosInfI;
    else
      R.F = Max ? -INFINITY : INFINITY;
    return R;
  }

  // ---- evaluation ----
  Num readCell(int T, const int64_t *Idx) {
    TableRt &Tb = Tables[T];
    int64_t Off = 0;
    for (int D = 0; D < Tb.Dims; ++D) {
      int64_t X = Idx[D] - Tb.Lo[D];
      DPC_ASSERT(X >= 0 && X < Tb.Ext[D], "read outside the bounding box of " +
                                              Tb.Decl->Name);
      Off += X * Tb.Stride[D];
    }
    return cellAt(T, static_cast<size_t>(Off), Idx);
  }

  Num cellAt(int T, size_t Off, const int64_t *Idx) {
    TableRt &Tb = Tables[T];
    Num V;
    if (Tb.State[Off] == 2) {
      if (Tb.IsInt)
        V.I = Tb.VI[Off];
      else
        V.F = Tb.VF[Off];
      return V;
    }
    DPC_ASSERT(Tb.State[Off] == 0,
               "cycle through " + Tb.Decl->Name + " (the proof missed it)");
    Tb.State[Off] = 1;
    int64_t Env[MaxSlots];
    for (int D = 0; D < Tb.Dims; ++D)
      Env[D] = Idx[D];
    V = eval(*Tb.Body, Env);
    Tb.State[Off] = 2;
    if (Tb.IsInt)
      Tb.VI[Off] = V.I;
    else
      Tb.VF[Off] = V.F;
    return V;
  }

  Num eval(const Node &N, int64_t *Env) {
    bool IsInt = isIntType(N.Ty);
    switch (N.Kind) {
    case Node::Const:
      return N.K;
    case Node::Lin: {
      Num V;
      V.I = N.L.eval(Env);
      return convert(N, V, ScalarType::Int64);
    }
    case Node::Read: {
      TableRt &Tb = Tables[N.Target];
      if (!N.Dyn.empty()) {
        int64_t Idx[MaxSlots];
        int64_t Off = dynCell(N, Env, Idx);
        Num V = cellAt(N.Target, static_cast<size_t>(Off), Idx);
        if (Tb.Decl->Type == N.Ty)
          return V;
        return convert(N, V, Tb.Decl->Type);
      }
      int64_t Off = N.L.eval(Env);
      DPC_ASSERT(Off >= 0 && static_cast<size_t>(Off) < Tb.Size,
                 "read outside the storage of " + Tb.Decl->Name);
      Num V;
      if (Tb.State[Off] == 2) {
        if (Tb.IsInt)
          V.I = Tb.VI[Off];
        else
          V.F = Tb.VF[Off];
      } else {
        int64_t Idx[MaxSlots];
        for (size_t D = 0; D < N.Idx.size(); ++D)
          Idx[D] = N.Idx[D].eval(Env);
        V = cellAt(N.Target, static_cast<size_t>(Off), Idx);
      }
      if (Tb.Decl->Type == N.Ty)
        return V;
      return convert(N, V, Tb.Decl->Type);
    }
    case Node::IntIn: {
      int64_t P = N.L.eval(Env);
      const auto &Vals = Inputs[N.Target].Ints;
      DPC_ASSERT(P >= 0 && static_cast<size_t>(P) < Vals.size(),
                 "int input read out of bounds");
      Num V;
      V.I = Vals[P];
      if (V.I == NegInfI || V.I == PosInfI)
        fail(N, "input value " + std::to_string(V.I) + " is out of range");
      return convert(N, V, ScalarType::Int64);
    }
    case Node::Sym: {
      const auto &Codes = Inputs[N.Target].Codes;
      int64_t P = N.L.eval(Env);
      DPC_ASSERT(P >= 0 && static_cast<size_t>(P) < Codes.size(),
                 "sequence read out of bounds");
      Num V;
      V.I = Codes[P];
      return V;
    }
    case Node::Score: {
      const ScoreDecl &S = M.Scores[N.Target];
      size_t Idx = 0;
      for (size_t A = 0; A < N.SArgs.size(); ++A) {
        const auto &In = Inputs[N.SArgs[A].first];
        int64_t P = N.SArgs[A].second.eval(Env);
        DPC_ASSERT(P >= 0 && static_cast<size_t>(P) < In.Codes.size(),
                   "sequence read out of bounds");
        Idx = Idx * alphabetSymbols(S.Params[A].second).size() + In.Codes[P];
      }
      return convert(N, ScoreNums[N.Target][Idx], S.Type);
    }
    case Node::Neg: {
      Num A = eval(*N.Kids[0], Env);
      if (IsInt) {
        A.I = fitInt(N, negI(A.I), N.Ty, "the result");
        return A;
      }
      A.F = -A.F;
      return A;
    }
    case Node::Add:
    case Node::Sub: {
      Num A = eval(*N.Kids[0], Env);
      Num B = eval(*N.Kids[1], Env);
      if (IsInt) {
        if (N.Kind == Node::Sub) {
          if (B.I != NegInfI && B.I != PosInfI && B.I == INT64_MIN + 1)
            fail(N, "overflow in '" + exprToString(*N.Src) + "'");
          B.I = negI(B.I);
        }
        return addI(N, A.I, B.I);
      }
      return checkF(N, N.Kind == Node::Add ? A.F + B.F : A.F - B.F);
    }
    case Node::Mul: {
      Num A = eval(*N.Kids[0], Env);
      Num B = eval(*N.Kids[1], Env);
      if (IsInt)
        return mulI(N, A.I, B.I);
      return checkF(N, A.F * B.F);
    }
    case Node::Max:
    case Node::Min: {
      RedOp Op = N.Kind == Node::Max ? RedOp::Max : RedOp::Min;
      Num Best = eval(*N.Kids[0], Env);
      for (size_t I = 1; I < N.Kids.size(); ++I) {
        Num V = eval(*N.Kids[I], Env);
        if (better(Op, IsInt, V, Best))
          Best = V;
      }
      return Best;
    }
    case Node::Exp:
    case Node::Log: {
      Num A = eval(*N.Kids[0], Env);
      DPC_ASSERT(!IsInt, "exp or log in an integer table");
      bool Exp = N.Kind == Node::Exp;
      // In a float table, float arithmetic (expf, logf), as generated code.
      double R = N.Ty == ScalarType::Float
                     ? static_cast<double>(Exp ? std::exp(static_cast<float>(A.F))
                                               : std::log(static_cast<float>(A.F)))
                     : (Exp ? std::exp(A.F) : std::log(A.F));
      if (!Exp && A.F < 0)
      {
        std::ostringstream OS;
        OS.precision(17);
        OS << A.F;
        fail(N, "log of a negative value (" + OS.str() + ") in '" +
                    exprToString(*N.Src) + "'");
      }
      return checkF(N, R);
    }
    case Node::Reduce: {
      Num Acc = identity(N.ROp, IsInt);
      if (N.ROp == RedOp::LogSumExp) {
        if (N.Ty == ScalarType::Float) {
          dpc::LogSumExp<float> L; // runtime/dpc_values.h: the generated
                                   // code's steps, so the same bits
          reduceLoop(N, Env, 0, [&](Num V) { L.push(static_cast<float>(V.F)); });
          Acc.F = L.value();
        } else {
          dpc::LogSumExp<double> L;
          reduceLoop(N, Env, 0, [&](Num V) { L.push(V.F); });
          Acc.F = L.value();
        }
        return Acc;
      }
      if (N.FastSum)
        return fastSum(N, Env, Acc);
      reduceLoop(N, Env, 0, [&](Num V) {
        if (N.ROp == RedOp::Sum) {
          Acc = IsInt ? addI(N, Acc.I, V.I) : checkF(N, Acc.F + V.F);
        } else if (better(N.ROp, IsInt, V, Acc)) {
          Acc = V;
        }
      });
      return Acc;
    }
    case Node::Cases:
      return eval(*N.Kids[pickArm(N, Env)], Env);
    }
    DPC_ICE("unknown node");
  }

  /// max/min over k of X + Y, both integer reads of the evaluation type.
  Num fastSum(const Node &N, int64_t *Env, Num Acc) {
    const Node &Add = *N.Kids[0];
    const Node &X = *Add.Kids[0], &Y = *Add.Kids[1];
    TableRt &TX = Tables[X.Target], &TY = Tables[Y.Target];
    int S = N.RSlots[0];
    int64_t Lo = N.Lo[0].eval(Env), Hi = N.Hi[0].eval(Env);
    if (Lo > Hi)
      return Acc;
    Env[S] = Lo;
    int64_t OX = X.L.eval(Env), OY = Y.L.eval(Env);
    bool Max = N.ROp == RedOp::Max;
    int64_t Best = Acc.I;
    for (int64_t K = Lo; K <= Hi; ++K, OX += N.StepX, OY += N.StepY) {
      int64_t A, B;
      if (TX.State[OX] == 2 && TY.State[OY] == 2) {
        A = TX.VI[OX];
        B = TY.VI[OY];
      } else {
        Env[S] = K;
        A = eval(X, Env).I;
        B = eval(Y, Env).I;
      }
      int64_t V;
      if (A == NegInfI || B == NegInfI || A == PosInfI || B == PosInfI) {
        V = addI(Add, A, B).I;
      } else {
        V = A + B; // both fit the table's type, so no int64 overflow
        if (V < intTypeMin(Add.Ty) || V > intTypeMax(Add.Ty))
          V = addI(Add, A, B).I; // reports the overflow
      }
      if (Max ? V > Best : V < Best)
        Best = V;
    }
    Env[S] = Hi;
    Acc.I = Best;
    return Acc;
  }

  template <typename F>
  void reduceLoop(const Node &N, int64_t *Env, size_t B, F &&Visit) {
    int64_t Lo = N.Lo[B].eval(Env), Hi = N.Hi[B].eval(Env);
    int S = N.RSlots[B];
    for (int64_t K = Lo; K <= Hi; ++K) {
      Env[S] = K;
      if (B + 1 == N.RSlots.size())
        Visit(eval(*N.Kids[0], Env));
      else
        reduceLoop(N, Env, B + 1, Visit);
    }
  }

  /// The cell a read with subscripts that read input values touches, into
  /// Idx, and its offset; an error naming the read, the cell and the point
  /// when the cell is outside the table's domain.
  int64_t dynCell(const Node &N, int64_t *Env, int64_t *Idx) {
    TableRt &Tb = Tables[N.Target];
    for (size_t D = 0; D < N.Idx.size(); ++D)
      Idx[D] = N.Dyn[D] ? eval(*N.Dyn[D], Env).I : N.Idx[D].eval(Env);
    bool In = true;
    for (int D = 0; D < Tb.Dims; ++D)
      In = In && Idx[D] >= Tb.Lo[D] && Idx[D] < Tb.Lo[D] + Tb.Ext[D];
    for (auto &C : Tb.Domain)
      In = In && C.holds(Idx);
    if (!In) {
      std::string Cell, At;
      for (int D = 0; D < Tb.Dims; ++D)
        Cell += (D ? ", " : "") + std::to_string(Idx[D]);
      for (auto &[V, Sl] : N.Scope)
        At += (At.empty() ? "" : ", ") + V + " = " + std::to_string(Env[Sl]);
      fail(N, "read " + exprToString(*N.Src) + " is outside " +
                  Tb.Decl->Name + "'s domain: it reads " + Tb.Decl->Name +
                  "[" + Cell + "]" + (At.empty() ? "" : " at " + At) +
                  " (a subscript that reads input values is checked when it "
                  "is read)");
    }
    int64_t Off = 0;
    for (int D = 0; D < Tb.Dims; ++D)
      Off += (Idx[D] - Tb.Lo[D]) * Tb.Stride[D];
    return Off;
  }

  bool holdsData(const Node::DataCons &C, int64_t *Env) {
    int64_t A = eval(*C.L, Env).I, B = eval(*C.R, Env).I;
    switch (C.Op) {
    case CmpOp::Lt: return A < B;
    case CmpOp::Le: return A <= B;
    case CmpOp::Gt: return A > B;
    case CmpOp::Ge: return A >= B;
    case CmpOp::Eq: return A == B;
    }
    return false;
  }

  size_t pickArm(const Node &N, int64_t *Env) {
    for (size_t A = 0; A < N.Kids.size(); ++A) {
      if (N.Else[A])
        return A;
      bool OK = true;
      for (auto &C : N.Guards[A])
        OK = OK && C.holds(Env);
      for (auto &C : N.DGuards[A]) // after the affine ones, left to right
        OK = OK && holdsData(C, Env);
      if (OK)
        return A;
    }
    DPC_ICE("no case applies (the coverage proof missed it)");
  }

  // ---- traceback ----
  std::vector<TraceEvent> Events;

  /// Traces cell Idx of table T, read by node From (null: the output).
  dpc_rt::PathBox *Box = nullptr; // --path
  int MaxDims = 0;                 // of any table: the tables Box bounds

  void traceCell(int T, const int64_t *Idx, const Node *From) {
    TableRt &Tb = Tables[T];
    // (the generated traceback gives up at the same count: TraceCellLimit)
    if (++TraceSteps > dpc::TraceCellLimit)
      throw EvalError((From ? From : Tb.Body)->Src->Range,
                      "the traceback visits more than 10^8 cells; giving up");
    if (Box && Tb.Dims == MaxDims)
      Box->visit(M.Tables[T].Name.c_str(), Idx, static_cast<size_t>(Tb.Dims));
    int64_t Env[MaxSlots];
    for (int D = 0; D < Tb.Dims; ++D)
      Env[D] = Idx[D];
    trace(*Tb.Body, Env);
  }

  void trace(const Node &N, int64_t *Env) {
    for (auto &[Name, Args] : N.Events) {
      TraceEvent E{Name, {}};
      for (auto &A : Args)
        E.Args.push_back(A.eval(Env));
      Events.push_back(std::move(E));
    }
    bool IsInt = isIntType(N.Ty);
    switch (N.Kind) {
    case Node::Read: {
      if (!RecordsEvents[N.Target])
        return; // no event below this read: nothing to follow
      int64_t Idx[MaxSlots];
      if (!N.Dyn.empty())
        dynCell(N, Env, Idx);
      else
        for (size_t D = 0; D < N.Idx.size(); ++D)
          Idx[D] = N.Idx[D].eval(Env);
      traceCell(N.Target, Idx, &N);
      return;
    }
    case Node::Neg:
    case Node::Add:
    case Node::Sub:
    case Node::Mul:
      for (Node *K : N.Kids)
        trace(*K, Env);
      return;
    case Node::Max:
    case Node::Min: {
      RedOp Op = N.Kind == Node::Max ? RedOp::Max : RedOp::Min;
      size_t Win = 0;
      Num Best = eval(*N.Kids[0], Env);
      for (size_t I = 1; I < N.Kids.size(); ++I) {
        Num V = eval(*N.Kids[I], Env);
        if (better(Op, IsInt, V, Best)) {
          Best = V;
          Win = I;
        }
      }
      trace(*N.Kids[Win], Env);
      return;
    }
    case Node::Reduce: {
      if (N.ROp == RedOp::Sum || N.ROp == RedOp::LogSumExp)
        return; // a sum has no single winner; it is not traced
      Num Best = identity(N.ROp, IsInt);
      std::vector<int64_t> Arg;
      reduceLoop(N, Env, 0, [&](Num V) {
        if (Arg.empty() || better(N.ROp, IsInt, V, Best)) {
          Best = V;
          Arg.clear();
          for (int S : N.RSlots)
            Arg.push_back(Env[S]);
        }
      });
      if (Arg.empty())
        return; // empty range: the identity, nothing to follow
      for (size_t I = 0; I < Arg.size(); ++I)
        Env[N.RSlots[I]] = Arg[I];
      trace(*N.Kids[0], Env);
      return;
    }
    case Node::Cases:
      trace(*N.Kids[pickArm(N, Env)], Env);
      return;
    case Node::Exp:
    case Node::Log:
      return; // like a sum: log(exp(a) + exp(b)) has no single winner
    default:
      return;
    }
  }
};

Interpreter::Interpreter(const Module &M, const PolyModel &PM)
    : M(M), PM(PM) {}
Interpreter::~Interpreter() = default;

void Interpreter::bind(
    const dpc_rt::Problem &Prob,
    const std::vector<std::pair<std::string, int64_t>> &LetValues) {
  P = std::make_unique<Impl>(M);
  Impl &I = *P;
  I.Inputs = Prob;
  // `let` constants, possibly overridden.
  for (auto &L : M.Lets)
    I.Consts[L.Name] = L.Value;
  for (auto &[N, V] : LetValues) {
    int Li = M.findLet(N);
    if (Li < 0)
      throw dpc_rt::InputError("--set " + N + ": the recurrence has no "
                               "constant '" + N + "'");
    if (M.Lets[Li].IsConst)
      throw dpc_rt::InputError("--set " + N + ": '" + N + "' is a const (" +
                               std::to_string(M.Lets[Li].Value) +
                               ") and the proofs use its value; declare it "
                               "'let " + N + " = ...' to make it tunable");
    if ((M.Lets[Li].Value >= 0) != (V >= 0))
      throw dpc_rt::InputError("--set " + N + "=" + std::to_string(V) +
                               ": the proofs assume '" + N + "' keeps the "
                               "sign of its default " +
                               std::to_string(M.Lets[Li].Value));
    I.Consts[N] = V;
  }
  // Params from input lengths (a matrix's rows or columns).
  ParamValues.clear();
  for (auto &Par : M.Params) {
    const InputDecl &In = M.Inputs[Par.BoundBy];
    const Affine &Size = In.SizesA[Par.BoundDim];
    const dpc_rt::InputValue &V = Prob[Par.BoundBy];
    int64_t Len = static_cast<int64_t>(V.extent(Par.BoundDim));
    int64_t A = Size.coeff(Par.Name), B = Size.Const;
    if ((Len - B) % A != 0 || (Len - B) / A < 0)
      throw dpc_rt::InputError("input '" + In.Name + "' has " +
                               dpc_rt::extent_text(V, Par.BoundDim) +
                               ", which is not " + Size.str() + " for any " +
                               Par.Name + " >= 0");
    I.Consts[Par.Name] = (Len - B) / A;
    ParamValues.push_back({Par.Name, (Len - B) / A});
  }
  auto Env = [&](const std::string &V) { return I.Consts.at(V); };
  for (size_t In = 0; In < M.Inputs.size(); ++In)
    for (size_t D = 0; D < M.Inputs[In].SizesA.size(); ++D) {
      const Affine &Size = M.Inputs[In].SizesA[D];
      int64_t Want = Size.eval(Env);
      if (static_cast<int64_t>(Prob[In].extent(D)) != Want)
        throw dpc_rt::InputError("input '" + M.Inputs[In].Name + "' has " +
                                 dpc_rt::extent_text(Prob[In], D) +
                                 ", but its size " + Size.str() + " is " +
                                 std::to_string(Want));
    }
  // `param N >= 1, ...`: the proofs assumed them.
  for (auto &PC : M.ParamCons) {
    int64_t V = PC.C.E.eval(Env);
    if (PC.C.IsEq ? V == 0 : V >= 0)
      continue;
    std::string Why;
    for (auto &Par : M.Params)
      if (PC.C.E.uses(Par.Name))
        Why += (Why.empty() ? "" : ", ") + std::string("input '") +
               M.Inputs[Par.BoundBy].Name + "' has " +
               dpc_rt::extent_text(Prob[Par.BoundBy], Par.BoundDim) +
               ", so " + Par.Name + " = " +
               std::to_string(I.Consts.at(Par.Name));
    for (auto &L : M.Lets)
      if (PC.C.E.uses(L.Name))
        Why += (Why.empty() ? "" : ", ") + L.Name + " = " +
               std::to_string(I.Consts.at(L.Name));
    throw dpc_rt::InputError(Why + ", but the recurrence requires " + PC.Text);
  }
  // Bounding boxes, with the memory they need checked before allocating.
  std::vector<std::pair<std::string, int64_t>> Fixed(I.Consts.begin(),
                                                      I.Consts.end());
  double Bytes = 0;
  I.Tables.resize(M.Tables.size());
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    TableRt &Tb = I.Tables[T];
    Tb.Decl = &M.Tables[T];
    Tb.Dims = static_cast<int>(Tb.Decl->Indices.size());
    Tb.IsInt = isIntType(Tb.Decl->Type);
    DPC_ASSERT(Tb.Dims <= MaxSlots, "too many indices");
    isl::set D = fixParams(PM.tableDomain(T), Fixed);
    Tb.Lo.assign(Tb.Dims, 0);
    Tb.Ext.assign(Tb.Dims, 0);
    Tb.Stride.assign(Tb.Dims, 0);
    double Cells = 1;
    bool Empty = D.is_empty();
    for (int K = 0; K < Tb.Dims; ++K) {
      if (!Empty) {
        Tb.Lo[K] = valToInt(D.dim_min_val(K));
        Tb.Ext[K] = valToInt(D.dim_max_val(K)) - Tb.Lo[K] + 1;
      }
      Cells *= static_cast<double>(Tb.Ext[K]);
    }
    int64_t S = 1;
    for (int K = Tb.Dims - 1; K >= 0; --K) {
      Tb.Stride[K] = S;
      S *= Tb.Ext[K];
    }
    Tb.Size = Empty ? 0 : static_cast<size_t>(Cells);
    Bytes += Cells * 9;
  }
  uint64_t Avail = dpc_rt::available_memory_bytes();
  if (Avail && Bytes > 0.8 * static_cast<double>(Avail))
    throw dpc_rt::InputError(
        "the interpreter's tables need " + dpc_rt::format_bytes(Bytes) +
        " for this problem, but only " +
        dpc_rt::format_bytes(static_cast<double>(Avail)) +
        " of memory is available");
  for (auto &Tb : I.Tables) {
    (Tb.IsInt ? Tb.VI.resize(Tb.Size) : Tb.VF.resize(Tb.Size));
    Tb.State.assign(Tb.Size, 0);
  }
  // Scores as numbers.
  for (auto &S : M.Scores) {
    std::vector<Num> V;
    for (auto &SV : S.Lookup) {
      Num X;
      if (SV.K == ScoreValue::NegInf) {
        X.I = NegInfI;
        X.F = -INFINITY;
      } else if (SV.K == ScoreValue::PosInf) {
        X.I = PosInfI;
        X.F = INFINITY;
      } else {
        X.I = SV.I;
        X.F = SV.F;
      }
      V.push_back(X);
    }
    I.ScoreNums.push_back(std::move(V));
  }
  // Compile the equations.
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    TableRt &Tb = I.Tables[T];
    std::map<std::string, int> Slots;
    for (int K = 0; K < Tb.Dims; ++K)
      Slots[Tb.Decl->Indices[K]] = K;
    Tb.Domain = I.cons(Tb.Decl->Domain, Slots);
    Tb.Body = I.compile(*Tb.Decl->Eq->Body, Slots, Tb.Dims, Tb.Decl->Type);
  }
}

static std::vector<int64_t> outputIndex(const OutputDecl &O,
                                        const std::map<std::string, int64_t> &C) {
  std::vector<int64_t> Idx;
  for (auto &A : O.Index)
    Idx.push_back(A.eval([&](const std::string &V) { return C.at(V); }));
  return Idx;
}

Num Interpreter::output(size_t O) {
  auto Idx = outputIndex(M.Outputs[O], P->Consts);
  return P->readCell(M.Outputs[O].TableIdx, Idx.data());
}

/// Calls F(Idx) for every cell of a table's domain, lexicographically.
static void forEachDomainCell(const TableRt &Tb,
                              llvm::function_ref<void(const int64_t *)> F) {
  if (Tb.Size == 0)
    return;
  std::vector<int64_t> Idx(Tb.Lo);
  for (size_t C = 0; C < Tb.Size; ++C) {
    bool In = true;
    for (auto &Cn : Tb.Domain)
      In = In && Cn.holds(Idx.data());
    if (In)
      F(Idx.data());
    for (int D = Tb.Dims - 1; D >= 0; --D) {
      if (++Idx[D] < Tb.Lo[D] + Tb.Ext[D])
        break;
      Idx[D] = Tb.Lo[D];
    }
  }
}

void Interpreter::evaluateTable(int T) {
  forEachDomainCell(P->Tables[T],
                    [&](const int64_t *Idx) { P->readCell(T, Idx); });
}

std::string Interpreter::format(int T, Num V) const {
  ScalarType Ty = M.Tables[T].Type;
  if (isIntType(Ty)) {
    if (V.I == NegInfI)
      return "-inf";
    if (V.I == PosInfI)
      return "inf";
    return std::to_string(V.I);
  }
  if (std::isinf(V.F))
    return V.F < 0 ? "-inf" : "inf";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, Ty == ScalarType::Float ? "%.9g" : "%.17g",
                V.F);
  return Buf;
}

std::string Interpreter::formatOutput(size_t O, Num V) const {
  return format(M.Outputs[O].TableIdx, V);
}

void Interpreter::dumpTable(int T, llvm::raw_ostream &OS) {
  evaluateTable(T);
  const TableRt &Tb = P->Tables[T];
  forEachDomainCell(Tb, [&](const int64_t *Idx) {
    OS << Tb.Decl->Name << "[";
    for (int D = 0; D < Tb.Dims; ++D)
      OS << (D ? "," : "") << Idx[D];
    OS << "] = " << format(T, P->readCell(T, Idx)) << "\n";
  });
}

std::vector<TraceEvent> Interpreter::traceback(dpc_rt::PathBox *Box) {
  output(0);
  P->Events.clear();
  P->TraceSteps = 0;
  P->Box = Box;
  P->MaxDims = 0;
  for (auto &T : M.Tables)
    P->MaxDims = std::max(P->MaxDims, static_cast<int>(T.Indices.size()));
  auto Idx = outputIndex(M.Outputs[0], P->Consts);
  P->traceCell(M.Outputs[0].TableIdx, Idx.data(), nullptr);
  return std::move(P->Events);
}

void dpc::runWithLargeStack(const std::function<void()> &F) {
  struct Box {
    const std::function<void()> *F;
    std::exception_ptr E;
  } B{&F, nullptr};
  pthread_attr_t Attr;
  pthread_attr_init(&Attr);
  pthread_attr_setstacksize(&Attr, size_t(1) << 30);
  pthread_t T;
  auto Run = [](void *Arg) -> void * {
    Box *Bx = static_cast<Box *>(Arg);
    try {
      (*Bx->F)();
    } catch (...) {
      Bx->E = std::current_exception();
    }
    return nullptr;
  };
  if (pthread_create(&T, &Attr, Run, &B) != 0) {
    pthread_attr_destroy(&Attr);
    F(); // fall back to the current stack
    return;
  }
  pthread_join(T, nullptr);
  pthread_attr_destroy(&Attr);
  if (B.E)
    std::rethrow_exception(B.E);
}
