//===- Types.cpp ----------------------------------------------------------===//
#include "Basic/Types.h"

#include "dpc_io.h"

#include "llvm/ADT/StringSwitch.h"

#include <cctype>
#include <limits>

using namespace dpc;

const char *dpc::typeName(ScalarType T) {
  switch (T) {
  case ScalarType::Int16: return "int16";
  case ScalarType::Int32: return "int";
  case ScalarType::Int64: return "int64";
  case ScalarType::Float: return "float";
  case ScalarType::Double: return "double";
  }
  return "?";
}

std::optional<ScalarType> dpc::parseTypeName(llvm::StringRef S) {
  return llvm::StringSwitch<std::optional<ScalarType>>(S)
      .Case("int16", ScalarType::Int16)
      .Case("int", ScalarType::Int32)
      .Case("int32", ScalarType::Int32)
      .Case("int64", ScalarType::Int64)
      .Case("float", ScalarType::Float)
      .Case("double", ScalarType::Double)
      .Default(std::nullopt);
}

int64_t dpc::intTypeMin(ScalarType T) {
  switch (T) {
  case ScalarType::Int16: return std::numeric_limits<int16_t>::min();
  case ScalarType::Int32: return std::numeric_limits<int32_t>::min();
  default: return std::numeric_limits<int64_t>::min();
  }
}
int64_t dpc::intTypeMax(ScalarType T) {
  switch (T) {
  case ScalarType::Int16: return std::numeric_limits<int16_t>::max();
  case ScalarType::Int32: return std::numeric_limits<int32_t>::max();
  default: return std::numeric_limits<int64_t>::max();
  }
}
unsigned dpc::typeBytes(ScalarType T) {
  switch (T) {
  case ScalarType::Int16: return 2;
  case ScalarType::Int32: return 4;
  case ScalarType::Int64: return 8;
  case ScalarType::Float: return 4;
  case ScalarType::Double: return 8;
  }
  return 8;
}

const char *dpc::alphabetName(Alphabet A) {
  switch (A) {
  case Alphabet::RNA: return "rna";
  case Alphabet::DNA: return "dna";
  case Alphabet::Protein: return "protein";
  case Alphabet::Int: return "int";
  }
  return "?";
}

std::optional<Alphabet> dpc::parseAlphabetName(llvm::StringRef S) {
  return llvm::StringSwitch<std::optional<Alphabet>>(S)
      .Case("rna", Alphabet::RNA)
      .Case("dna", Alphabet::DNA)
      .Case("protein", Alphabet::Protein)
      .Case("int", Alphabet::Int)
      .Default(std::nullopt);
}

static dpc_rt::Alpha toRt(Alphabet A) {
  switch (A) {
  case Alphabet::RNA: return dpc_rt::Alpha::RNA;
  case Alphabet::DNA: return dpc_rt::Alpha::DNA;
  case Alphabet::Protein: return dpc_rt::Alpha::Protein;
  case Alphabet::Int: return dpc_rt::Alpha::Int;
  }
  return dpc_rt::Alpha::Int;
}

int dpc::runtimeAlphaIndex(Alphabet A) { return static_cast<int>(toRt(A)); }

// The runtime owns the alphabets, so dpc and generated code agree.
llvm::StringRef dpc::alphabetSymbols(Alphabet A) {
  return dpc_rt::alpha_symbols(toRt(A));
}

int dpc::alphabetCode(Alphabet A, char C) {
  return dpc_rt::symbol_code(toRt(A), C);
}

const char *dpc::redOpName(RedOp Op) {
  switch (Op) {
  case RedOp::Max: return "max";
  case RedOp::Min: return "min";
  case RedOp::Sum: return "sum";
  case RedOp::LogSumExp: return "logsumexp";
  }
  return "?";
}

const char *dpc::cmpOpName(CmpOp Op) {
  switch (Op) {
  case CmpOp::Lt: return "<";
  case CmpOp::Le: return "<=";
  case CmpOp::Gt: return ">";
  case CmpOp::Ge: return ">=";
  case CmpOp::Eq: return "=";
  }
  return "?";
}

std::string ScoreValue::str() const {
  if (K == PosInf) return "inf";
  if (K == NegInf) return "-inf";
  if (IsFloatLit) return std::to_string(F);
  return std::to_string(I);
}
