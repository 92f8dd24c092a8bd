//===- Sema.cpp -----------------------------------------------------------===//
#include "Sema/Sema.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>
#include <limits>
#include <set>

using namespace dpc;
using namespace dpc::ast;

namespace {

/// Integer variables in scope: params, lets, table indices, reduction
/// indices. All are usable in affine positions.
struct Scope {
  std::vector<std::string> Vars;
  bool has(const std::string &N) const {
    return std::find(Vars.begin(), Vars.end(), N) != Vars.end();
  }
};

class Sema {
public:
  Sema(Module &M, DiagEngine &D) : M(M), Diags(D) {}
  bool run();

private:
  void declareNames();
  void checkInputs();
  void bindParams();
  void checkParamConstraints();
  void checkScores();
  void checkTables();
  void checkEquations();
  void checkOutput();
  void checkSchedule();

  std::optional<Affine> affine(Expr &E, const Scope &S, const char *What);
  bool constraints(const std::vector<Chain> &Cs, const Scope &S,
                   std::vector<Constraint> &Out, const char *What);
  /// A table subscript that reads input values: a sum of integer multiples
  /// of indices, params, constants and int input reads (affinely indexed).
  /// Types every node int64.
  bool dataIndex(Expr &E, const Scope &S);
  /// An input read X = in[e] of input In: one affine index (What names it
  /// in errors); sets X's reference (kind K) and index.
  bool inputRead(Expr &X, int In, RefKind K, const Scope &S, const char *What);
  /// A guard's comparisons: affine ones into G.Constraints, those that
  /// read input values into G.DataConds.
  bool guard(Guard &G, Scope &S);
  /// Types and resolves a value expression evaluated in a table of type T.
  bool expr(Expr &E, Scope &S, ScalarType T, const TableDecl &Tab);
  bool events(Expr &E, const Scope &S);
  bool scoreArg(Expr &Arg, Alphabet Want, Scope &S, const ScoreDecl &Sc);
  bool checkReadType(Expr &E, ScalarType Have, ScalarType Want,
                     const TableDecl &Tab, const llvm::Twine &What);

  Module &M;
  DiagEngine &Diags;
  llvm::StringMap<llvm::SMRange> Declared;
  Scope Globals; // params and lets
};

} // namespace

bool Sema::run() {
  unsigned Before = Diags.numErrors();
  if (M.Name.empty() && Diags.numErrors() == 0)
    Diags.error(llvm::SMRange(), "missing 'recurrence NAME'");
  makeOutputTables(M, Diags);
  declareNames();
  checkInputs();
  bindParams();
  checkParamConstraints();
  checkScores();
  checkTables();
  checkEquations();
  checkOutput();
  checkSchedule();
  return Diags.numErrors() == Before;
}

/// isl's keywords: every affine form reaches isl as text, where these names
/// would not parse as variables.
static bool isIslKeyword(llvm::StringRef N) {
  for (const char *K : {"floor", "ceil", "floord", "ceild", "mod", "exists",
                        "implies", "infty", "NaN", "rat", "xor", "and", "or",
                        "not", "true", "false", "min", "max"})
    if (N == K)
      return true;
  return false;
}

/// Names generated code uses itself: C++ keywords and dpc's own locals.
static bool isReservedName(llvm::StringRef N);
/// The message for a reserved name: isl keywords are not reserved by the
/// generated code but by the proofs.
static std::string reservedMessage(llvm::StringRef N) {
  return isIslKeyword(N)
             ? "'" + N.str() + "' is a keyword of isl's notation, in which "
                               "dpc's proofs are written; choose another name"
             : "'" + N.str() + "' is reserved for generated code; choose "
                               "another name";
}

/// A finite literal of a float or double table or score: whether the type
/// holds it (a float rounds 1e39 to inf).
static bool fitsType(double V, ScalarType T) {
  return T != ScalarType::Float || std::isinf(V) ||
         std::fabs(V) <= static_cast<double>(std::numeric_limits<float>::max());
}

static bool isReservedName(llvm::StringRef N) {
  if (isIslKeyword(N))
    return true;
  static const char *const Keywords[] = {
      "alignas", "alignof", "and", "asm", "auto", "bool", "break", "case",
      "catch", "char", "class", "const", "constexpr", "continue", "default",
      "delete", "do", "double", "else", "enum", "explicit", "export",
      "extern", "false", "float", "for", "friend", "goto", "if", "inline",
      "int", "long", "mutable", "namespace", "new", "not", "nullptr",
      "operator", "or", "private", "protected", "public", "register",
      "return", "short", "signed", "sizeof", "static", "struct", "switch",
      "template", "this", "throw", "true", "try", "typedef", "typename",
      "union", "unsigned", "using", "virtual", "void", "volatile", "while",
      "int8_t", "int16_t", "int32_t", "int64_t", "main", "std", "dpc",
      "dpc_rt", "threadIdx", "blockIdx", "blockDim", "gridDim"};
  for (const char *K : Keywords)
    if (N == K)
      return true;
  if (N.starts_with("dpc_") || N.starts_with("__"))
    return true;
  // Loop iterators and tile coordinates of generated code.
  for (const char *P : {"c", "kk", "rk", "cp", "tile"}) {
    llvm::StringRef Rest = N;
    if (Rest.consume_front(P) && !Rest.empty() &&
        Rest.find_first_not_of("0123456789") == llvm::StringRef::npos)
      return true;
  }
  return false;
}

/// Global names of the C library headers the generated program includes
/// (<cmath>, <cstdlib>, <cstdio>, <cstring>, <cctype>, <ctime>, <cerrno>,
/// <pthread.h>, <omp.h>): the recurrence's name becomes a namespace at
/// global scope, which must not clash with them (`namespace fma` does not
/// compile next to ::fma). The float/long double variants (`sqrtf`,
/// `sqrtl`) count too.
static bool isCLibraryName(llvm::StringRef N) {
  static const char *const Names[] = {
      // <cmath>
      "acos", "asin", "atan", "atan2", "cos", "sin", "tan", "acosh", "asinh",
      "atanh", "cosh", "sinh", "tanh", "exp", "exp2", "expm1", "frexp",
      "ldexp", "log", "log10", "log1p", "log2", "logb", "ilogb", "modf",
      "scalbn", "scalbln", "cbrt", "fabs", "hypot", "pow", "sqrt", "erf",
      "erfc", "lgamma", "tgamma", "gamma", "ceil", "floor", "nearbyint",
      "rint", "lrint", "llrint", "round", "lround", "llround", "trunc",
      "fmod", "remainder", "remquo", "copysign", "nan", "nextafter",
      "nexttoward", "fdim", "fmax", "fmin", "fma", "isnan", "isinf",
      "finite", "drem", "significand", "j0", "j1", "jn", "y0", "y1", "yn",
      "signgam", "exp10", "pow10", "sincos", "matherr",
      // <cstdlib>, <cstdio>, <cstring>, <cctype>, <ctime>, <cerrno>
      "abs", "labs", "llabs", "div", "ldiv", "lldiv", "atof", "atoi", "atol",
      "atoll", "strtod", "strtof", "strtol", "strtoll", "strtoul",
      "strtoull", "rand", "srand", "random", "srandom", "malloc", "calloc",
      "realloc", "free", "abort", "exit", "atexit", "getenv", "setenv",
      "system", "bsearch", "qsort", "printf", "fprintf", "sprintf",
      "snprintf", "scanf", "fscanf", "sscanf", "puts", "fputs", "gets",
      "fgets", "putc", "fputc", "getc", "fgetc", "getchar", "putchar",
      "fopen", "fclose", "fread", "fwrite", "fflush", "fseek", "ftell",
      "rewind", "remove", "rename", "perror", "stdin", "stdout", "stderr",
      "FILE", "memcpy", "memmove", "memset", "memcmp", "memchr", "strlen",
      "strcpy", "strncpy", "strcat", "strncat", "strcmp", "strncmp",
      "strchr", "strrchr", "strstr", "strtok", "strdup", "strerror", "index",
      "rindex", "isalpha", "isdigit", "isalnum", "isspace", "isupper",
      "islower", "toupper", "tolower", "isprint", "ispunct", "isxdigit",
      "time", "clock", "difftime", "mktime", "localtime", "gmtime",
      "strftime", "errno", "size_t", "ptrdiff_t", "select", "signal",
      "raise", "read", "write", "open", "close", "sleep", "wait", "kill",
      "link", "unlink", "pipe", "dup", "fork", "sync", "pause", "alarm",
      "optarg", "optind", "environ", "timezone", "daylight", "tzname"};
  for (llvm::StringRef Base :
       {N, N.ends_with("f") || N.ends_with("l") ? N.drop_back() : N})
    for (const char *K : Names)
      if (Base == K)
        return true;
  return N.starts_with("omp_") || N.starts_with("pthread_") ||
         N.starts_with("cuda") || N.starts_with("__");
}

void Sema::declareNames() {
  if (!M.Name.empty()) {
    if (isReservedName(M.Name))
      Diags.error(M.NameRange, reservedMessage(M.Name));
    else if (isCLibraryName(M.Name))
      Diags.error(M.NameRange,
                  "recurrence name '" + M.Name +
                      "' clashes with the C library's '" + M.Name +
                      "': the generated code declares `namespace " + M.Name +
                      "` next to it; choose another name (such as '" +
                      M.Name + "_dp')");
  }
  // Every name of the module, for a rename that clashes with none.
  std::set<std::string> All;
  for (auto &P : M.Params)
    All.insert(P.Name);
  for (auto &L : M.Lets)
    All.insert(L.Name);
  for (auto &I : M.Inputs)
    All.insert(I.Name);
  for (auto &S : M.Scores)
    All.insert(S.Name);
  for (auto &T : M.Tables)
    All.insert(T.Name);
  for (auto &O : M.Outputs)
    All.insert(O.Name);
  auto Declare = [&](const std::string &N, llvm::SMRange R, const char *What) {
    if (isReservedName(N))
      Diags.error(R, reservedMessage(N));
    auto [It, New] = Declared.try_emplace(N, R);
    if (!New) {
      Diags.error(R, llvm::Twine("redefinition of '") + N + "' (as " + What +
                         ")");
      Diags.note(It->second, "'" + N + "' was first defined here");
      // A free name to suggest: N2, N3, ..., else N_2, N_3, ... (every cK
      // is reserved: isl's loop iterators), else none (a bounded search:
      // every name starting with "__" is reserved).
      auto Free = [&](const std::string &X) {
        return !All.count(X) && !isReservedName(X) && !isCLibraryName(X);
      };
      std::string Other;
      for (const char *Sep : {"", "_"})
        for (int K = 2; K < 100 && Other.empty(); ++K)
          if (Free(N + Sep + std::to_string(K)))
            Other = N + Sep + std::to_string(K);
      if (!Other.empty())
        All.insert(Other);
      Diags.note(R, "params, constants, inputs, score functions, tables and "
                    "outputs share one set of names; rename this one" +
                        (Other.empty() ? std::string()
                                       : " (such as '" + Other + "')") +
                        " and its uses");
    }
  };
  for (auto &P : M.Params) {
    Declare(P.Name, P.Range, "a param");
    Globals.Vars.push_back(P.Name);
  }
  for (auto &L : M.Lets) {
    Declare(L.Name, L.Range, "a constant");
    Globals.Vars.push_back(L.Name);
  }
  for (auto &I : M.Inputs)
    Declare(I.Name, I.Range, "an input");
  for (auto &S : M.Scores) {
    Declare(S.Name, S.Range, "a score function");
    if (S.Name == "exp" || S.Name == "log")
      Diags.error(S.Range, "score '" + S.Name + "' has the name of the "
                           "built-in function " + S.Name + "(x); rename it");
  }
  for (auto &T : M.Tables)
    Declare(T.Name, T.Range, T.IsOutput ? "an output" : "a table");
  for (auto &O : M.Outputs)
    if (!O.Name.empty() && !O.OwnTable)
      Declare(O.Name, O.NameRange, "an output");
}

//===-- affine forms ------------------------------------------------------===//

std::optional<Affine> Sema::affine(Expr &E, const Scope &S, const char *What) {
  switch (E.K) {
  case Expr::IntLit:
    return Affine::constant(E.IntVal);
  case Expr::Name:
    if (S.has(E.Ident) || Globals.has(E.Ident))
      return Affine::var(E.Ident);
    if (M.findTable(E.Ident) >= 0 || M.findInput(E.Ident) >= 0)
      Diags.error(E.Range, "'" + E.Ident + "' is not an integer variable; " +
                               What + " may use only indices, params and " +
                               "constants");
    else
      Diags.error(E.Range, "use of undeclared name '" + E.Ident + "'");
    return std::nullopt;
  case Expr::Neg: {
    auto A = affine(*E.Args[0], S, What);
    if (!A)
      return std::nullopt;
    return -*A;
  }
  case Expr::Add:
  case Expr::Sub: {
    auto L = affine(*E.Args[0], S, What);
    auto R = affine(*E.Args[1], S, What);
    if (!L || !R)
      return std::nullopt;
    return E.K == Expr::Add ? *L + *R : *L - *R;
  }
  case Expr::Mul: {
    auto L = affine(*E.Args[0], S, What);
    auto R = affine(*E.Args[1], S, What);
    if (!L || !R)
      return std::nullopt;
    if (L->isConstant())
      return *R * L->Const;
    if (R->isConstant())
      return *L * R->Const;
    Diags.error(E.Range, llvm::Twine(What) +
                             " is not affine: '" + exprToString(E) +
                             "' multiplies two variables");
    return std::nullopt;
  }
  default:
    Diags.error(E.Range, llvm::Twine(What) + " is not affine: '" +
                             exprToString(E) +
                             "' is not a sum of integer multiples of "
                             "indices, params and constants");
    return std::nullopt;
  }
}

static Constraint makeConstraint(const Affine &L, CmpOp Op, const Affine &R,
                                 llvm::SMRange Range) {
  Constraint C;
  C.Range = Range;
  switch (Op) {
  case CmpOp::Lt: C.E = R - L + Affine::constant(-1); break;
  case CmpOp::Le: C.E = R - L; break;
  case CmpOp::Gt: C.E = L - R + Affine::constant(-1); break;
  case CmpOp::Ge: C.E = L - R; break;
  case CmpOp::Eq: C.E = L - R; C.IsEq = true; break;
  }
  return C;
}

bool Sema::constraints(const std::vector<Chain> &Cs, const Scope &S,
                       std::vector<Constraint> &Out, const char *What) {
  bool OK = true;
  for (auto &C : Cs) {
    std::vector<std::optional<Affine>> Ops;
    for (auto &O : C.Operands)
      Ops.push_back(affine(*O, S, What));
    for (size_t I = 0; I + 1 < Ops.size(); ++I) {
      if (!Ops[I] || !Ops[I + 1]) {
        OK = false;
        continue;
      }
      llvm::SMRange R(C.Operands[I]->Range.Start, C.Operands[I + 1]->Range.End);
      Out.push_back(makeConstraint(*Ops[I], C.Ops[I], *Ops[I + 1], R));
    }
  }
  return OK;
}


/// Whether E reads an input or a table (a subscript anywhere inside).
static bool readsSubscript(const Expr &E) {
  return anyExpr(E, [](const Expr &X) { return X.K == Expr::Subscript; });
}

bool Sema::dataIndex(Expr &E, const Scope &S) {
  E.Type = ScalarType::Int64;
  switch (E.K) {
  case Expr::IntLit:
    return true;
  case Expr::Name:
    if (S.has(E.Ident) || Globals.has(E.Ident)) {
      E.Ref = M.findLet(E.Ident) >= 0 && !S.has(E.Ident) ? RefKind::Let
                                                        : RefKind::Var;
      E.RefIndex = M.findLet(E.Ident);
      E.Value = Affine::var(E.Ident);
      return true;
    }
    affine(E, S, "an index expression"); // reports the name
    return false;
  case Expr::Subscript: {
    int Ii = M.findInput(E.Ident);
    if (Ii < 0 || M.Inputs[Ii].Alpha != Alphabet::Int) {
      Diags.error(E.Range,
                  "an index expression may read int inputs, but '" +
                      exprToString(E) + "' reads " +
                      (Ii >= 0 ? "a sequence symbol (symbols may only be "
                                 "compared with '=' in a guard or passed to "
                                 "a score)"
                       : M.findTable(E.Ident) >= 0
                           ? "table '" + E.Ident + "'"
                           : "undeclared '" + E.Ident + "'"));
      return false;
    }
    return inputRead(E, Ii, RefKind::IntInput, S, "an input's index");
  }
  case Expr::Neg:
    return dataIndex(*E.Args[0], S);
  case Expr::Add:
  case Expr::Sub: {
    bool L = dataIndex(*E.Args[0], S);
    bool R = dataIndex(*E.Args[1], S);
    return L && R;
  }
  case Expr::Mul: {
    auto Literal = [](const Expr &X) {
      return !anyExpr(X, [](const Expr &Y) {
        return Y.K == Expr::Name || Y.K == Expr::Subscript;
      });
    };
    if (!Literal(*E.Args[0]) && !Literal(*E.Args[1])) {
      Diags.error(E.Range, "an index expression is not affine: '" +
                               exprToString(E) +
                               "' multiplies an input value by a variable or "
                               "another input value (an input value may only "
                               "be added, subtracted or multiplied by an "
                               "integer literal)");
      return false;
    }
    bool L = dataIndex(*E.Args[0], S);
    bool R = dataIndex(*E.Args[1], S);
    return L && R;
  }
  default:
    Diags.error(E.Range, "an index expression is not affine: '" +
                             exprToString(E) +
                             "' is not a sum of integer multiples of indices, "
                             "params, constants and int input values");
    return false;
  }
}

bool Sema::guard(Guard &G, Scope &S) {
  bool OK = true;
  for (auto &C : G.Chains) {
    // (each operand's affine form once: a chain shares its middle operands)
    std::vector<std::optional<Affine>> Aff(C.Operands.size());
    std::vector<bool> Done(C.Operands.size(), false);
    auto AffineOf = [&](size_t K) {
      if (!Done[K])
        Aff[K] = affine(*C.Operands[K], S, "a guard");
      Done[K] = true;
      return Aff[K];
    };
    std::vector<int> Data(C.Operands.size(), -1);
    auto DataOf = [&](size_t K) {
      if (Data[K] < 0)
        Data[K] = dataIndex(*C.Operands[K], S);
      return Data[K] == 1;
    };
    for (size_t I = 0; I + 1 < C.Operands.size(); ++I) {
      Expr &L = *C.Operands[I], &R = *C.Operands[I + 1];
      llvm::SMRange Range(L.Range.Start, R.Range.End);
      if (!readsSubscript(L) && !readsSubscript(R)) {
        auto A = AffineOf(I);
        auto B = AffineOf(I + 1);
        if (!A || !B) {
          OK = false;
          continue;
        }
        G.Constraints.push_back(makeConstraint(*A, C.Ops[I], *B, Range));
        continue;
      }
      DataCond D;
      D.L = &L;
      D.R = &R;
      D.Op = C.Ops[I];
      D.Range = Range;
      auto IsSymbol = [&](const Expr &X) {
        int In = X.K == Expr::Subscript ? M.findInput(X.Ident) : -1;
        return In >= 0 && M.Inputs[In].Alpha != Alphabet::Int;
      };
      if (IsSymbol(L) || IsSymbol(R)) {
        Expr &Sym = IsSymbol(L) ? L : R, &Other = IsSymbol(L) ? R : L;
        Alphabet A = M.Inputs[M.findInput(Sym.Ident)].Alpha;
        if (!IsSymbol(Other)) {
          Diags.error(Range, "'" + exprToString(Sym) + "' is a " +
                                 alphabetName(A) + " symbol; a guard may "
                                 "compare it only with another symbol, as "
                                 "in '" + exprToString(Sym) + " = b[j]'");
          OK = false;
          continue;
        }
        Alphabet B = M.Inputs[M.findInput(Other.Ident)].Alpha;
        if (A != B) {
          Diags.error(Range, "'" + exprToString(L) + "' and '" +
                                 exprToString(R) + "' are symbols of "
                                 "different alphabets (" + alphabetName(
                                     M.Inputs[M.findInput(L.Ident)].Alpha) +
                                 ", " +
                                 alphabetName(
                                     M.Inputs[M.findInput(R.Ident)].Alpha) +
                                 ")");
          OK = false;
          continue;
        }
        if (D.Op != CmpOp::Eq) {
          Diags.error(Range, "symbols can only be compared for equality "
                             "('=' or '=='), as in '" + exprToString(L) +
                                 " = " + exprToString(R) + "'");
          OK = false;
          continue;
        }
        bool Good = true;
        for (Expr *X : {&L, &R}) {
          Good &= inputRead(*X, M.findInput(X->Ident), RefKind::SeqInput, S,
                            "a sequence index");
          X->Type = ScalarType::Int64;
        }
        if (!Good) {
          OK = false;
          continue;
        }
        D.Symbols = true;
        G.DataConds.push_back(D);
        continue;
      }
      if (!DataOf(I) || !DataOf(I + 1)) {
        OK = false;
        continue;
      }
      G.DataConds.push_back(D);
    }
  }
  return OK;
}

//===-- declarations ------------------------------------------------------===//

void Sema::checkInputs() {
  Scope None;
  for (auto &I : M.Inputs) {
    if (I.Sizes.size() > (I.Alpha == Alphabet::Int ? 2u : 1u)) {
      Diags.error(llvm::SMRange(I.Sizes[0]->Range.Start,
                                I.Sizes.back()->Range.End),
                  I.Alpha == Alphabet::Int
                      ? "input '" + I.Name + "' has " +
                            llvm::Twine(I.Sizes.size()) +
                            " sizes; an int input is a list (one size) or a "
                            "matrix (two: rows, columns)"
                      : "input '" + I.Name + "' is a " +
                            alphabetName(I.Alpha) +
                            " sequence: it has one size (only int inputs may "
                            "be matrices)");
      continue;
    }
    for (auto &Sz : I.Sizes) {
      auto A = affine(*Sz, None, "an input's size");
      if (!A)
        continue;
      for (auto &[V, C] : A->Coeffs)
        if (M.findParam(V) < 0)
          Diags.error(Sz->Range, "an input's size may use only params, "
                                 "not '" +
                                     V + "'");
      I.SizesA.push_back(*A);
    }
  }
}

void Sema::bindParams() {
  for (size_t P = 0; P < M.Params.size(); ++P) {
    auto &Par = M.Params[P];
    for (size_t I = 0; I < M.Inputs.size() && Par.BoundBy < 0; ++I)
      for (size_t D = 0; D < M.Inputs[I].SizesA.size() && Par.BoundBy < 0;
           ++D) {
        const Affine &S = M.Inputs[I].SizesA[D];
        if (S.Coeffs.size() == 1 && S.uses(Par.Name)) {
          Par.BoundBy = static_cast<int>(I);
          Par.BoundDim = static_cast<int>(D);
        }
      }
    if (Par.BoundBy < 0)
      Diags.error(Par.Range, "param '" + Par.Name +
                                 "' is not bound: no input has a size of the "
                                 "form 'a*" +
                                 Par.Name + " + b'");
  }
}

/// `param N >= 1, M >= N`: affine constraints over params and `let`
/// constants (an index or a table is not in scope here).
void Sema::checkParamConstraints() {
  Scope None;
  for (auto &C : M.ParamChains) {
    std::vector<std::optional<Affine>> Ops;
    for (auto &O : C.Operands)
      Ops.push_back(affine(*O, None, "a param constraint"));
    for (size_t I = 0; I + 1 < Ops.size(); ++I) {
      if (!Ops[I] || !Ops[I + 1])
        continue;
      llvm::SMRange R(C.Operands[I]->Range.Start, C.Operands[I + 1]->Range.End);
      ParamConstraint PC;
      PC.C = makeConstraint(*Ops[I], C.Ops[I], *Ops[I + 1], R);
      PC.Text = exprToString(*C.Operands[I]) + " " + cmpOpName(C.Ops[I]) +
                " " + exprToString(*C.Operands[I + 1]);
      if (PC.C.E.isConstant()) {
        Diags.error(R, "param constraint '" + PC.Text +
                           "' uses no param or constant");
        continue;
      }
      M.ParamCons.push_back(std::move(PC));
    }
  }
}

void Sema::checkScores() {
  for (auto &S : M.Scores) {
    if (S.Params.size() > 2) {
      Diags.error(S.Range, "score '" + S.Name +
                               "' takes one or two symbols, not " +
                               llvm::Twine(S.Params.size()));
      continue;
    }
    size_t Cells = 1;
    for (auto &P : S.Params)
      Cells *= alphabetSymbols(P.second).size();
    if (!S.Default) {
      Diags.error(S.Range, "score '" + S.Name + "' needs a 'default = VALUE'");
      continue;
    }
    auto Check = [&](const ScoreValue &V, llvm::SMRange R) {
      if (V.K != ScoreValue::Finite)
        return;
      if (V.IsFloatLit && isIntType(S.Type))
        Diags.error(R, "score '" + S.Name + "' has type " + typeName(S.Type) +
                           " but this value is not an integer");
      else if (!isIntType(S.Type) && !fitsType(V.F, S.Type))
        Diags.error(R, "score '" + S.Name + "': this value does not fit in " +
                           llvm::Twine(typeName(S.Type)));
      else if (isIntType(S.Type) &&
               (V.I < intTypeMin(S.Type) || V.I > intTypeMax(S.Type)))
        Diags.error(R, "value " + llvm::Twine(V.I) + " does not fit in " +
                           typeName(S.Type));
    };
    Check(*S.Default, S.DefaultRange);
    S.Lookup.assign(Cells, *S.Default);
    std::set<size_t> Seen;
    for (auto &E : S.Entries) {
      Check(E.Val, E.Range);
      if (E.Key.size() != S.Params.size()) {
        Diags.error(E.Range, "key '" + E.Key + "' must have " +
                                 llvm::Twine(S.Params.size()) +
                                 " symbol(s), one per parameter of '" +
                                 S.Name + "'");
        continue;
      }
      size_t Idx = 0;
      bool OK = true;
      for (size_t K = 0; K < E.Key.size(); ++K) {
        Alphabet A = S.Params[K].second;
        int Code = alphabetCode(A, E.Key[K]);
        if (Code < 0) {
          Diags.error(E.Range, llvm::Twine("'") + llvm::StringRef(&E.Key[K], 1) +
                                   "' is not a symbol of the " +
                                   alphabetName(A) + " alphabet");
          OK = false;
          break;
        }
        Idx = Idx * alphabetSymbols(A).size() + Code;
      }
      if (!OK)
        continue;
      if (!Seen.insert(Idx).second) {
        Diags.error(E.Range, "duplicate key '" + E.Key + "' in score '" +
                                 S.Name + "'");
        continue;
      }
      S.Lookup[Idx] = E.Val;
    }
  }
}

void Sema::checkTables() {
  for (auto &T : M.Tables) {
    Scope S;
    llvm::StringSet<> Seen;
    for (size_t I = 0; I < T.Indices.size(); ++I) {
      const std::string &N = T.Indices[I];
      if (!Seen.insert(N).second)
        Diags.error(T.IndexRanges[I], "index '" + N + "' appears twice");
      else if (Declared.count(N))
        Diags.error(T.IndexRanges[I], "index '" + N +
                                          "' has the name of a declaration");
      if (isReservedName(N))
        Diags.error(T.IndexRanges[I], reservedMessage(N));
      S.Vars.push_back(N);
    }
    constraints(T.Over, S, T.Domain, "a table's domain");
  }
}

/// "table" or, for the table of an output's expression, "output".
static const char *tableWord(const TableDecl &T) {
  return T.IsOutput ? "output" : "table";
}

/// The end of a message asking for a float or double value in T: its type
/// and how to change it.
static std::string realTypeAdvice(const TableDecl &T) {
  return std::string(tableWord(T)) + " '" + T.Name + "' has type " +
         typeName(T.Type) +
         (T.IsOutput ? " (an output has the widest type of the values it "
                       "reads: read a float or double table)"
                     : " (declare the table float or double)");
}

bool Sema::checkReadType(Expr &E, ScalarType Have, ScalarType Want,
                         const TableDecl &Tab, const llvm::Twine &What) {
  if (isIntType(Want) && !isIntType(Have)) {
    Diags.error(E.Range, What + " has type " + typeName(Have) +
                             ", which an integer table ('" + Tab.Name +
                             "' is " + typeName(Want) + ") cannot use");
    return false;
  }
  return true;
}

bool Sema::events(Expr &E, const Scope &S) {
  bool OK = true;
  for (auto &Ev : E.Events) {
    for (auto &A : Ev.Args) {
      auto Af = affine(*A, S, "an event argument");
      if (!Af) {
        OK = false;
        continue;
      }
      Ev.AffArgs.push_back(*Af);
    }
  }
  return OK;
}

bool Sema::scoreArg(Expr &Arg, Alphabet Want, Scope &S, const ScoreDecl &Sc) {
  int In = Arg.K == Expr::Subscript ? M.findInput(Arg.Ident) : -1;
  if (In < 0 || M.Inputs[In].Alpha == Alphabet::Int) {
    Diags.error(Arg.Range, "an argument of score '" + Sc.Name +
                               "' must be a sequence symbol such as 'seq[i]'");
    return false;
  }
  if (M.Inputs[In].Alpha != Want) {
    Diags.error(Arg.Range, llvm::Twine("'") + Arg.Ident + "' is " +
                               alphabetName(M.Inputs[In].Alpha) +
                               " but score '" + Sc.Name + "' expects " +
                               alphabetName(Want));
    return false;
  }
  return inputRead(Arg, In, RefKind::SeqInput, S, "a sequence index");
}

bool Sema::inputRead(Expr &X, int In, RefKind K, const Scope &S,
                     const char *What) {
  const size_t Dims = M.Inputs[In].Sizes.size();
  if (X.Args.size() != Dims) {
    Diags.error(X.Range, llvm::Twine("input '") + X.Ident + "' has " +
                             (Dims == 1 ? llvm::Twine("one index")
                                        : llvm::Twine(Dims) + " indices") +
                             ", not " + llvm::Twine(X.Args.size()));
    return false;
  }
  X.Index.clear();
  for (auto &Arg : X.Args) {
    auto A = affine(*Arg, S, What);
    if (!A)
      return false;
    X.Index.push_back(*A);
  }
  X.Ref = K;
  X.RefIndex = In;
  return true;
}

bool Sema::expr(Expr &E, Scope &S, ScalarType T, const TableDecl &Tab) {
  bool OK = events(E, S);
  E.Type = T;
  switch (E.K) {
  case Expr::IntLit:
    if (isIntType(T) && (E.IntVal < intTypeMin(T) || E.IntVal > intTypeMax(T))) {
      Diags.error(E.Range, "literal " + llvm::Twine(E.IntVal) +
                               " does not fit in " + typeName(T));
      return false;
    }
    return OK;
  case Expr::FloatLit:
    if (isIntType(T)) {
      Diags.error(E.Range, "a decimal literal cannot be used in table '" +
                               Tab.Name + "' of type " + typeName(T));
      return false;
    }
    if (!fitsType(E.FloatVal, T)) {
      Diags.error(E.Range, "number '" +
                               llvm::StringRef(E.Range.Start.getPointer(),
                                               E.Range.End.getPointer() -
                                                   E.Range.Start.getPointer()) +
                               "' does not fit in " +
                               typeName(T) + " (" + tableWord(Tab) + " '" +
                               Tab.Name + "')");
      return false;
    }
    return OK;
  case Expr::InfLit:
    return OK;
  case Expr::Name: {
    if (S.has(E.Ident) || Globals.has(E.Ident)) {
      E.Ref = M.findLet(E.Ident) >= 0 && !S.has(E.Ident) ? RefKind::Let
                                                        : RefKind::Var;
      E.RefIndex = M.findLet(E.Ident);
      E.Value = Affine::var(E.Ident);
      return OK;
    }
    if (M.findTable(E.Ident) >= 0 || M.findInput(E.Ident) >= 0)
      Diags.error(E.Range, "'" + E.Ident + "' needs a subscript, as in '" +
                               E.Ident + "[...]'");
    else
      Diags.error(E.Range, "use of undeclared name '" + E.Ident + "'");
    return false;
  }
  case Expr::Subscript: {
    int Ti = M.findTable(E.Ident);
    int Ii = M.findInput(E.Ident);
    if (Ti < 0 && Ii < 0) {
      Diags.error(E.IdentRange, "use of undeclared table or input '" +
                                    E.Ident + "'");
      return false;
    }
    size_t Arity = Ti >= 0 ? M.Tables[Ti].Indices.size()
                           : M.Inputs[Ii].Sizes.size();
    if (E.Args.size() != Arity) {
      Diags.error(E.Range, llvm::Twine(Ti >= 0 ? "table '" : "input '") +
                               E.Ident + "' has " + llvm::Twine(Arity) +
                               " ind" + (Arity == 1 ? "ex" : "ices") +
                               ", but this read gives " +
                               llvm::Twine(E.Args.size()));
      return false;
    }
    for (auto &A : E.Args) {
      // A table's subscript may read int inputs (`c - w[i - 1]`): checked
      // at run time (docs/language.md).
      if (Ti >= 0 && readsSubscript(*A)) {
        E.DataIndex.resize(E.Args.size(), false);
        E.DataIndex[&A - &E.Args[0]] = true;
        E.Index.push_back(Affine());
        OK &= dataIndex(*A, S);
        continue;
      }
      auto Af = affine(*A, S, "an index expression");
      if (!Af)
        OK = false;
      else
        E.Index.push_back(*Af);
    }
    if (Ti >= 0) {
      E.Ref = RefKind::Table;
      E.RefIndex = Ti;
      E.Type = M.Tables[Ti].Type;
      OK &= checkReadType(E, E.Type, T, Tab,
                          llvm::Twine("table '") + E.Ident + "'");
      return OK;
    }
    if (M.Inputs[Ii].Alpha != Alphabet::Int) {
      Diags.error(E.Range, "'" + E.Ident + "' is a " +
                               alphabetName(M.Inputs[Ii].Alpha) +
                               " sequence; its symbols can only be passed to "
                               "a score function, as in 'bond(" +
                               E.Ident + "[i], " + E.Ident + "[j])'");
      return false;
    }
    E.Ref = RefKind::IntInput;
    E.RefIndex = Ii;
    E.Type = ScalarType::Int64;
    return OK;
  }
  case Expr::Call: {
    int Si = M.findScore(E.Ident);
    if (Si < 0) {
      Diags.error(E.IdentRange, "use of undeclared score function '" +
                                    E.Ident + "'");
      return false;
    }
    const ScoreDecl &Sc = M.Scores[Si];
    if (E.Args.size() != Sc.Params.size()) {
      Diags.error(E.Range, "score '" + E.Ident + "' takes " +
                               llvm::Twine(Sc.Params.size()) +
                               " argument(s), but this call gives " +
                               llvm::Twine(E.Args.size()));
      return false;
    }
    for (size_t I = 0; I < E.Args.size(); ++I)
      OK &= scoreArg(*E.Args[I], Sc.Params[I].second, S, Sc);
    E.Ref = RefKind::Score;
    E.RefIndex = Si;
    E.Type = Sc.Type;
    OK &= checkReadType(E, E.Type, T, Tab,
                        llvm::Twine("score '") + E.Ident + "'");
    return OK;
  }
  case Expr::Neg:
  case Expr::Add:
  case Expr::Sub:
  case Expr::Mul:
  case Expr::MaxN:
  case Expr::MinN:
    for (auto &A : E.Args)
      OK &= expr(*A, S, T, Tab);
    return OK;
  case Expr::Exp:
  case Expr::Log:
    // Values take the table's type, so the operand is real exactly when the
    // table is (an int read in a double table is converted, as elsewhere).
    if (isIntType(T)) {
      Diags.error(E.Range, "'" + E.Ident + "' takes a float or double value, "
                               "but " + realTypeAdvice(Tab));
      OK = false;
    }
    for (auto &A : E.Args)
      OK &= expr(*A, S, T, Tab);
    return OK;
  case Expr::Reduce: {
    if (E.Op == RedOp::LogSumExp && isIntType(T)) {
      Diags.error(E.Range, "a logsumexp reduction needs a float or double "
                           "value, but " + realTypeAdvice(Tab));
      OK = false;
    }
    size_t Pushed = 0;
    for (auto &B : E.Bindings) {
      auto Lo = affine(*B.Lo, S, "a reduction bound");
      auto Hi = affine(*B.Hi, S, "a reduction bound");
      if (!Lo || !Hi)
        OK = false;
      else {
        B.LoA = *Lo;
        B.HiA = *Hi;
      }
      if (isReservedName(B.Var)) {
        Diags.error(B.VarRange, reservedMessage(B.Var));
        OK = false;
      }
      if (S.has(B.Var) || Declared.count(B.Var)) {
        Diags.error(B.VarRange, "reduction index '" + B.Var +
                                    "' shadows a name already in scope");
        OK = false;
      }
      S.Vars.push_back(B.Var);
      ++Pushed;
    }
    OK &= expr(*E.Args[0], S, T, Tab);
    S.Vars.resize(S.Vars.size() - Pushed);
    return OK;
  }
  case Expr::Cases: {
    bool SeenElse = false;
    for (auto &A : E.Arms) {
      if (SeenElse)
        Diags.warning(A.G.Range, "this case follows 'else' and never applies");
      if (A.G.IsElse)
        SeenElse = true;
      else
        OK &= guard(A.G, S);
      OK &= expr(*A.Body, S, T, Tab);
    }
    return OK;
  }
  }
  return OK;
}

void Sema::checkEquations() {
  for (auto &EqP : M.Equations) {
    Equation &Eq = *EqP;
    // (an output's table is known by index: OutputTables.cpp)
    int Ti = Eq.TableIdx >= 0 ? Eq.TableIdx : M.findTable(Eq.Table);
    if (Ti < 0) {
      Diags.error(Eq.Range, "equation for undeclared table '" + Eq.Table + "'");
      continue;
    }
    TableDecl &T = M.Tables[Ti];
    if (T.Eq) {
      Diags.error(Eq.Range, "table '" + Eq.Table + "' has two equations");
      Diags.note(T.Eq->Range, "the first one is here");
      continue;
    }
    if (Eq.Indices.size() != T.Indices.size()) {
      Diags.error(Eq.Range, "table '" + T.Name + "' has " +
                                llvm::Twine(T.Indices.size()) +
                                " indices, but its equation names " +
                                llvm::Twine(Eq.Indices.size()));
      continue;
    }
    Scope S;
    llvm::StringSet<> Seen;
    bool OK = true;
    for (size_t I = 0; I < Eq.Indices.size(); ++I) {
      if (!Seen.insert(Eq.Indices[I]).second) {
        Diags.error(Eq.IndexRanges[I], "index '" + Eq.Indices[I] +
                                           "' appears twice");
        OK = false;
      } else if (Declared.count(Eq.Indices[I])) {
        Diags.error(Eq.IndexRanges[I], "index '" + Eq.Indices[I] +
                                           "' has the name of a declaration");
        OK = false;
      } else if (isReservedName(Eq.Indices[I])) {
        Diags.error(Eq.IndexRanges[I], reservedMessage(Eq.Indices[I]));
        OK = false;
      }
      S.Vars.push_back(Eq.Indices[I]);
    }
    if (!OK)
      continue;
    Eq.TableIdx = Ti;
    T.Eq = &Eq;
    // The equation's index names become the table's canonical names.
    std::map<std::string, std::string> Ren;
    for (size_t I = 0; I < Eq.Indices.size(); ++I)
      Ren[T.Indices[I]] = Eq.Indices[I];
    for (auto &C : T.Domain)
      C.E = C.E.renamed(Ren);
    T.Indices = Eq.Indices;
    expr(*Eq.Body, S, T.Type, T);
  }
  for (auto &T : M.Tables)
    if (!T.Eq)
      Diags.error(T.Range, "table '" + T.Name + "' has no equation");
}

void Sema::checkOutput() {
  if (M.Outputs.empty()) {
    Diags.error(M.NameRange, "missing 'output T[...]' declaration");
    return;
  }
  for (auto &O : M.Outputs) {
    if (O.OwnTable || !O.Value)
      continue; // (its table's equation is checked as any other)
    // A cell `T[e, ...]` (OutputTables.cpp: a declared table's).
    const Expr &Cell = *O.Value;
    int Ti = M.findTable(Cell.Ident);
    if (Cell.Args.size() != M.Tables[Ti].Indices.size()) {
      Diags.error(O.Range, "table '" + Cell.Ident + "' has " +
                               llvm::Twine(M.Tables[Ti].Indices.size()) +
                               " indices, but the output gives " +
                               llvm::Twine(Cell.Args.size()));
      continue;
    }
    Scope None;
    for (auto &I : Cell.Args)
      if (auto A = affine(*I, None, "the output's index"))
        O.Index.push_back(*A);
    O.TableIdx = Ti;
    if (O.Name.empty()) { // `C[0, N - 1]`: the indices' affine forms
      O.Text = Cell.Ident + "[";
      for (size_t I = 0; I < O.Index.size(); ++I)
        O.Text += (I ? ", " : "") + O.Index[I].str();
      O.Text += "]";
    }
  }
  for (size_t A = 0; A < M.Outputs.size(); ++A)
    for (size_t B = 0; B < A; ++B)
      if (M.Outputs[A].Text == M.Outputs[B].Text) {
        Diags.error(M.Outputs[A].Range, "two outputs are both named '" +
                                            M.Outputs[A].Text +
                                            "' (results print each by its "
                                            "name); name one 'output NAME = "
                                            "...'");
        Diags.note(M.Outputs[B].Range, "the other one is here");
        break;
      }
}

void Sema::checkSchedule() {
  for (auto &It : M.Schedule) {
    int Ti = M.findTable(It.Table);
    if (Ti < 0) {
      Diags.error(It.TableRange, "schedule names undeclared table '" +
                                     It.Table + "'");
      continue;
    }
    const TableDecl &T = M.Tables[Ti];
    switch (It.K) {
    case ScheduleItem::Tile:
      for (int64_t Sz : It.Sizes)
        if (Sz < 1 || Sz > 4096)
          Diags.error(It.Range, "tile sizes must be between 1 and 4096");
      if (It.Sizes.size() > T.Indices.size())
        Diags.error(It.Range, "table '" + T.Name + "' has " +
                                  llvm::Twine(T.Indices.size()) +
                                  " indices; too many tile sizes");
      break;
    case ScheduleItem::Order: {
      if (It.Indices.size() != T.Indices.size()) {
        Diags.error(It.Range, "table '" + T.Name + "' has " +
                                  llvm::Twine(T.Indices.size()) + " indices");
        break;
      }
      Scope S;
      S.Vars = It.Indices;
      std::map<std::string, std::string> Ren;
      for (size_t I = 0; I < It.Indices.size(); ++I)
        Ren[It.Indices[I]] = T.Indices[I];
      for (auto &E : It.Exprs)
        if (auto A = affine(*E, S, "a schedule expression"))
          It.OrderA.push_back(A->renamed(Ren));
      break;
    }
    case ScheduleItem::Layout:
      if (It.LayoutKind == "shares" && M.findTable(It.SharesWith) < 0)
        Diags.error(It.KindRange, "layout shares undeclared table '" +
                                      It.SharesWith + "'");
      break;
    }
  }
}

bool dpc::checkSemantics(Module &M, DiagEngine &Diags) {
  return Sema(M, Diags).run();
}
