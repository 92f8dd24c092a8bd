//===- Types.h - scalar types, alphabets and operators --------------------===//
//
// Small vocabulary shared by every stage: the value types a table can hold,
// the input alphabets and their symbol codes, reduction and comparison
// operators, and score-table entries.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace dpc {

enum class ScalarType { Int16, Int32, Int64, Float, Double };

inline bool isIntType(ScalarType T) {
  return T == ScalarType::Int16 || T == ScalarType::Int32 ||
         T == ScalarType::Int64;
}
/// Spelling in the language: int16, int, int64, float, double.
const char *typeName(ScalarType T);
std::optional<ScalarType> parseTypeName(llvm::StringRef S);
/// Smallest and largest finite value of an integer type.
int64_t intTypeMin(ScalarType T);
int64_t intTypeMax(ScalarType T);
unsigned typeBytes(ScalarType T);

enum class Alphabet { RNA, DNA, Protein, Int };
const char *alphabetName(Alphabet A);
std::optional<Alphabet> parseAlphabetName(llvm::StringRef S);
/// Letters of a sequence alphabet, in code order (code = position).
llvm::StringRef alphabetSymbols(Alphabet A);
/// Code of a letter (case-insensitive; T reads as U in RNA), or -1.
int alphabetCode(Alphabet A, char C);

/// The runtime's name for an alphabet (runtime/dpc_io.h owns the symbols).
int runtimeAlphaIndex(Alphabet A);

/// LogSumExp: log(sum exp(x)), the log-semiring sum (float/double only).
enum class RedOp { Max, Min, Sum, LogSumExp };
const char *redOpName(RedOp Op);

enum class CmpOp { Lt, Le, Gt, Ge, Eq };
/// The comparison as the language spells it: <, <=, >, >=, =.
const char *cmpOpName(CmpOp Op);

/// An entry of a score table: an integer (or decimal, for float scores),
/// `inf` or `-inf`.
struct ScoreValue {
  enum Kind { Finite, PosInf, NegInf } K = Finite;
  int64_t I = 0;
  double F = 0; // used by float/double scores (== I for integer literals)
  bool IsFloatLit = false;
  std::string str() const;
};

} // namespace dpc
