//===- AST.cpp - lookups and printing of the syntax tree ------------------===//
#include "Parse/AST.h"

#include <functional>

#include "llvm/Support/raw_ostream.h"

using namespace dpc;
using namespace dpc::ast;

template <typename T>
static int findByName(const std::vector<T> &V, llvm::StringRef N) {
  for (size_t I = 0; I < V.size(); ++I)
    if (V[I].Name == N)
      return static_cast<int>(I);
  return -1;
}

int Module::findTable(llvm::StringRef N) const { return findByName(Tables, N); }
int Module::findInput(llvm::StringRef N) const { return findByName(Inputs, N); }
int Module::findParam(llvm::StringRef N) const { return findByName(Params, N); }
int Module::findLet(llvm::StringRef N) const { return findByName(Lets, N); }
int Module::findScore(llvm::StringRef N) const { return findByName(Scores, N); }

static void printExpr(const Expr &E, llvm::raw_ostream &OS);

static void printList(const std::vector<ExprPtr> &L, llvm::raw_ostream &OS) {
  for (size_t I = 0; I < L.size(); ++I) {
    if (I)
      OS << ", ";
    printExpr(*L[I], OS);
  }
}

static void printGuard(const Guard &G, llvm::raw_ostream &OS) {
  if (G.IsElse) {
    OS << "else";
    return;
  }
  for (size_t C = 0; C < G.Chains.size(); ++C) {
    if (C)
      OS << ", ";
    const Chain &Ch = G.Chains[C];
    for (size_t I = 0; I < Ch.Operands.size(); ++I) {
      if (I)
        OS << ' ' << cmpOpName(Ch.Ops[I - 1]) << ' ';
      printExpr(*Ch.Operands[I], OS);
    }
  }
}

static int precedence(const Expr &E) {
  switch (E.K) {
  case Expr::Add:
  case Expr::Sub: return 1;
  case Expr::Mul: return 2;
  case Expr::Neg: return 3;
  case Expr::Reduce: return 0;
  default: return 4;
  }
}

static void printOperand(const Expr &E, int Prec, llvm::raw_ostream &OS) {
  bool Paren = precedence(E) < Prec || (!E.Events.empty());
  if (Paren)
    OS << "(";
  printExpr(E, OS);
  if (Paren)
    OS << ")";
}

static void printExpr(const Expr &E, llvm::raw_ostream &OS) {
  switch (E.K) {
  case Expr::IntLit: OS << E.IntVal; break;
  case Expr::FloatLit: OS << E.FloatVal; break;
  case Expr::InfLit: OS << (E.Negative ? "-inf" : "inf"); break;
  case Expr::Name: OS << E.Ident; break;
  case Expr::Subscript:
    OS << E.Ident << "[";
    printList(E.Args, OS);
    OS << "]";
    break;
  case Expr::Call:
    OS << E.Ident << "(";
    printList(E.Args, OS);
    OS << ")";
    break;
  case Expr::Neg:
    OS << "-";
    printOperand(*E.Args[0], 3, OS);
    break;
  case Expr::Add:
  case Expr::Sub:
    printOperand(*E.Args[0], 1, OS);
    OS << (E.K == Expr::Add ? " + " : " - ");
    printOperand(*E.Args[1], 2, OS);
    break;
  case Expr::Mul:
    printOperand(*E.Args[0], 2, OS);
    OS << " * ";
    printOperand(*E.Args[1], 3, OS);
    break;
  case Expr::Exp:
  case Expr::Log:
    OS << (E.K == Expr::Exp ? "exp(" : "log(");
    printList(E.Args, OS);
    OS << ")";
    break;
  case Expr::MaxN:
  case Expr::MinN:
    OS << (E.K == Expr::MaxN ? "max(" : "min(");
    printList(E.Args, OS);
    OS << ")";
    break;
  case Expr::Reduce:
    OS << redOpName(E.Op) << " ";
    for (size_t I = 0; I < E.Bindings.size(); ++I) {
      if (I)
        OS << ", ";
      OS << E.Bindings[I].Var << " in ";
      printExpr(*E.Bindings[I].Lo, OS);
      OS << " .. ";
      printExpr(*E.Bindings[I].Hi, OS);
    }
    OS << " : ";
    printExpr(*E.Args[0], OS);
    break;
  case Expr::Cases:
    OS << "(";
    for (size_t I = 0; I < E.Arms.size(); ++I) {
      OS << (I ? " | " : "| ");
      printGuard(E.Arms[I].G, OS);
      OS << " : ";
      printExpr(*E.Arms[I].Body, OS);
    }
    OS << ")";
    break;
  }
  for (auto &Ev : E.Events) {
    OS << " @" << Ev.Name << "(";
    printList(Ev.Args, OS);
    OS << ")";
  }
}

bool ast::anyExpr(const Expr &E, const std::function<bool(const Expr &)> &Pred) {
  if (Pred(E))
    return true;
  for (auto &A : E.Args)
    if (anyExpr(*A, Pred))
      return true;
  for (auto &A : E.Arms)
    if (anyExpr(*A.Body, Pred))
      return true;
  return false;
}

bool ast::casesReadData(const Expr &E) {
  if (E.K != Expr::Cases)
    return false;
  for (auto &A : E.Arms)
    if (A.G.readsData())
      return true;
  return false;
}

bool ast::readsData(const Expr &E) {
  return anyExpr(E, [](const Expr &X) {
    return (X.K == Expr::Subscript && X.readsDataIndex()) || casesReadData(X);
  });
}

std::vector<bool> ast::tablesRecordingEvents(const Module &M) {
  std::vector<bool> Rec(M.Tables.size(), false);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t T = 0; T < M.Tables.size(); ++T) {
      if (Rec[T] || !M.Tables[T].Eq)
        continue;
      Rec[T] = anyExpr(*M.Tables[T].Eq->Body, [&](const Expr &E) {
        return !E.Events.empty() ||
               (E.K == Expr::Subscript && E.Ref == RefKind::Table &&
                Rec[E.RefIndex]);
      });
      Changed |= Rec[T];
    }
  }
  return Rec;
}

bool ast::declaresEvent(const Module &M, llvm::StringRef Name) {
  auto Has = [&](const Expr &Body) {
    return anyExpr(Body, [&](const Expr &E) {
      for (auto &Ev : E.Events)
        if (Ev.Name == Name)
          return true;
      return false;
    });
  };
  for (auto &T : M.Tables)
    if (T.Eq && Has(*T.Eq->Body))
      return true;
  return false;
}

int ast::structureInput(const Module &M) {
  int Rna = -1, Seqs = 0;
  for (size_t I = 0; I < M.Inputs.size(); ++I) {
    if (M.Inputs[I].Alpha == Alphabet::Int)
      continue;
    ++Seqs;
    if (M.Inputs[I].Alpha == Alphabet::RNA)
      Rna = static_cast<int>(I);
  }
  return Seqs == 1 && declaresEvent(M, "pair") ? Rna : -1;
}

std::string ast::exprToString(const Expr &E) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  printExpr(E, OS);
  return OS.str();
}

//===-- dump (dpc emit --stage=ast) ---------------------------------------===//

static void indent(llvm::raw_ostream &OS, unsigned N) { OS.indent(2 * N); }

static void dumpExpr(const Module &M, const Expr &E, llvm::raw_ostream &OS,
                     unsigned D) {
  indent(OS, D);
  switch (E.K) {
  case Expr::IntLit: OS << "IntLit " << E.IntVal; break;
  case Expr::FloatLit: OS << "FloatLit " << E.FloatVal; break;
  case Expr::InfLit: OS << "InfLit " << (E.Negative ? "-inf" : "inf"); break;
  case Expr::Name:
    OS << (E.Ref == RefKind::Let ? "Const " : "Index ") << E.Ident;
    break;
  case Expr::Subscript: {
    const char *What = E.Ref == RefKind::Table      ? "TableRead "
                       : E.Ref == RefKind::IntInput ? "InputRead "
                                                    : "SymbolRead ";
    OS << What << E.Ident << "[";
    for (size_t I = 0; I < E.Index.size(); ++I)
      OS << (I ? ", " : "")
         << (I < E.DataIndex.size() && E.DataIndex[I]
                 ? "data(" + exprToString(*E.Args[I]) + ")"
                 : E.Index[I].str());
    OS << "]";
    break;
  }
  case Expr::Call: OS << "ScoreCall " << E.Ident; break;
  case Expr::Neg: OS << "Neg"; break;
  case Expr::Add: OS << "Add"; break;
  case Expr::Sub: OS << "Sub"; break;
  case Expr::Mul: OS << "Mul"; break;
  case Expr::MaxN: OS << "Max"; break;
  case Expr::MinN: OS << "Min"; break;
  case Expr::Exp: OS << "Exp"; break;
  case Expr::Log: OS << "Log"; break;
  case Expr::Reduce:
    OS << "Reduce " << redOpName(E.Op);
    for (auto &B : E.Bindings)
      OS << " " << B.Var << " in [" << B.LoA.str() << ", " << B.HiA.str()
         << "]";
    break;
  case Expr::Cases: OS << "Cases"; break;
  }
  OS << " : " << typeName(E.Type);
  for (auto &Ev : E.Events) {
    OS << " @" << Ev.Name << "(";
    for (size_t I = 0; I < Ev.AffArgs.size(); ++I)
      OS << (I ? ", " : "") << Ev.AffArgs[I].str();
    OS << ")";
  }
  OS << "\n";
  if (E.K == Expr::Cases) {
    for (auto &A : E.Arms) {
      indent(OS, D + 1);
      OS << "Case ";
      if (A.G.IsElse)
        OS << "else";
      for (size_t I = 0; I < A.G.Constraints.size(); ++I)
        OS << (I ? " and " : "") << A.G.Constraints[I].str();
      for (size_t I = 0; I < A.G.DataConds.size(); ++I) {
        const DataCond &DC = A.G.DataConds[I];
        OS << (I || !A.G.Constraints.empty() ? " and " : "") << "data("
           << exprToString(*DC.L) << ' ' << cmpOpName(DC.Op) << ' '
           << exprToString(*DC.R)
           << ")";
      }
      OS << "\n";
      dumpExpr(M, *A.Body, OS, D + 2);
    }
    return;
  }
  if (E.K == Expr::Call) {
    for (auto &A : E.Args) {
      indent(OS, D + 1);
      OS << "Symbol " << A->Ident << "["
         << (A->Index.empty() ? "?" : A->Index[0].str()) << "]\n";
    }
    return;
  }
  if (E.K == Expr::Subscript)
    return;
  for (auto &A : E.Args)
    dumpExpr(M, *A, OS, D + 1);
}

std::string InputDecl::sizeText() const {
  std::string S;
  for (auto &A : SizesA)
    S += (S.empty() ? "" : ", ") + A.str();
  return S;
}

void ast::dumpModule(const Module &M, llvm::raw_ostream &OS) {
  OS << "Recurrence " << M.Name << "\n";
  for (auto &P : M.Params) {
    OS << "  Param " << P.Name;
    if (P.BoundBy >= 0 && M.Inputs[P.BoundBy].Sizes.size() == 1)
      OS << " (length of " << M.Inputs[P.BoundBy].Name << ")";
    else if (P.BoundBy >= 0)
      OS << " (" << (P.BoundDim ? "columns" : "rows") << " of "
         << M.Inputs[P.BoundBy].Name << ")";
    OS << "\n";
  }
  for (auto &C : M.ParamCons)
    OS << "  ParamConstraint " << C.Text << " (" << C.C.str() << ")\n";
  for (auto &I : M.Inputs)
    OS << "  Input " << I.Name << " : " << alphabetName(I.Alpha) << "["
       << I.sizeText() << "]\n";
  for (auto &L : M.Lets)
    OS << (L.IsConst ? "  Const " : "  Let ") << L.Name << " = " << L.Value
       << "\n";
  for (auto &S : M.Scores) {
    OS << "  Score " << S.Name << "(";
    for (size_t I = 0; I < S.Params.size(); ++I)
      OS << (I ? ", " : "") << alphabetName(S.Params[I].second);
    OS << ") : " << typeName(S.Type) << " default "
       << (S.Default ? S.Default->str() : "?") << ", " << S.Entries.size()
       << " entries\n";
  }
  for (auto &T : M.Tables) {
    OS << "  Table " << T.Name << "[";
    for (size_t I = 0; I < T.Indices.size(); ++I)
      OS << (I ? ", " : "") << T.Indices[I];
    OS << "] : " << typeName(T.Type)
       << (T.Domain.empty() ? " (one cell)" : " over ");
    for (size_t I = 0; I < T.Domain.size(); ++I)
      OS << (I ? " and " : "") << T.Domain[I].str();
    OS << "\n";
    if (T.Eq)
      dumpExpr(M, *T.Eq->Body, OS, 2);
  }
  for (auto &O : M.Outputs) {
    OS << "  Output " << O.Text;
    if (O.TableIdx >= 0 && (!O.Name.empty() || O.OwnTable)) {
      OS << " (" << (O.OwnTable ? "its table " : "cell ")
         << M.Tables[O.TableIdx].Name << "[";
      for (size_t I = 0; I < O.Index.size(); ++I)
        OS << (I ? ", " : "") << O.Index[I].str();
      OS << "])";
    }
    OS << "\n";
  }
  for (auto &It : M.Schedule) {
    OS << "  Schedule ";
    switch (It.K) {
    case ScheduleItem::Tile:
      OS << "tile " << It.Table;
      for (auto S : It.Sizes)
        OS << " " << S;
      break;
    case ScheduleItem::Order:
      OS << "order " << It.Table << " -> (";
      for (size_t I = 0; I < It.OrderA.size(); ++I)
        OS << (I ? ", " : "") << It.OrderA[I].str();
      OS << ")";
      break;
    case ScheduleItem::Layout:
      OS << "layout " << It.Table << " " << It.LayoutKind;
      if (!It.SharesWith.empty())
        OS << " " << It.SharesWith;
      break;
    }
    OS << "\n";
  }
}
