// dpc_io.h - reading problems: sequences, FASTA files, integer lists, and
// `NAME=VALUE` bindings. Header-only C++17, no dependencies.
//
// Shared by the dpc compiler (for `dpc interp`) and every generated folder
// (copied in), so that both read input the same way. Every malformed input
// becomes a dpc_rt::InputError with a message naming the input, the file
// and the position; nothing here aborts or exits.
#ifndef DPC_IO_H
#define DPC_IO_H

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dpc_rt {

struct InputError : std::runtime_error {
  explicit InputError(const std::string &M) : std::runtime_error(M) {}
};

enum class Alpha { RNA, DNA, Protein, Int };

inline const char *alpha_name(Alpha A) {
  switch (A) {
  case Alpha::RNA: return "rna";
  case Alpha::DNA: return "dna";
  case Alpha::Protein: return "protein";
  case Alpha::Int: return "int";
  }
  return "?";
}

/// Letters of a sequence alphabet in code order.
inline const char *alpha_symbols(Alpha A) {
  switch (A) {
  case Alpha::RNA: return "ACGU";
  case Alpha::DNA: return "ACGT";
  case Alpha::Protein: return "ACDEFGHIKLMNPQRSTVWY";
  case Alpha::Int: return "";
  }
  return "";
}

/// Code of a letter: case-insensitive, T reads as U in RNA; -1 if unknown.
inline int symbol_code(Alpha A, char C) {
  char U = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  if (A == Alpha::RNA && U == 'T')
    U = 'U';
  const char *S = alpha_symbols(A);
  for (int I = 0; S[I]; ++I)
    if (S[I] == U)
      return I;
  return -1;
}

/// The code of every byte in alphabet A (symbol_code), built once per
/// alphabet: a database of many records encodes each with table lookups.
inline const int8_t *symbol_map(Alpha A) {
  struct Maps {
    int8_t M[4][256];
    Maps() {
      for (Alpha X : {Alpha::RNA, Alpha::DNA, Alpha::Protein, Alpha::Int})
        for (int B = 0; B < 256; ++B)
          M[static_cast<int>(X)][B] =
              static_cast<int8_t>(symbol_code(X, static_cast<char>(B)));
    }
  };
  static const Maps Table; // immutable once built (thread-safe init)
  return Table.M[static_cast<int>(A)];
}

struct FastaRecord {
  std::string Name;
  std::string Seq;
  size_t Line = 0; // of the '>' line (1-based; the first sequence line
                   // when the file has no '>')
  bool Named = true; // false for a file with no '>' (Name is the file's)
};

/// Text for a message: bytes that are not printable ASCII as \xNN (record
/// names and letters of hostile files must not reach a terminal raw).
inline std::string printable(const std::string &S) {
  std::string R;
  for (char C : S) {
    unsigned char B = static_cast<unsigned char>(C);
    if (B >= 0x20 && B < 0x7f) {
      R += C;
    } else {
      const char *Hex = "0123456789abcdef";
      R += std::string("\\x") + Hex[B >> 4] + Hex[B & 15];
    }
  }
  return R;
}

/// What a letter that is not in its input's alphabet does (--unknown): stop
/// with an error naming it (error, the default), be left out of the
/// sequence (skip), or be read as the letter As of the alphabet (as=X).
struct UnknownLetters {
  enum Mode { Error, Skip, As };
  Mode M = Error;
  char Letter = 0; // as=X: X
};

/// "error", "skip" or "as=X" (X one letter) -> the policy.
inline UnknownLetters parse_unknown(const std::string &S) {
  if (S == "error")
    return {};
  if (S == "skip")
    return {UnknownLetters::Skip, 0};
  if (S.size() == 4 && S.compare(0, 3, "as=") == 0 &&
      std::isalpha(static_cast<unsigned char>(S[3])))
    return {UnknownLetters::As, S[3]};
  throw InputError("--unknown: '" + printable(S) +
                   "' is not error, skip or as=X (X a letter)");
}

/// --unknown=as=X: the code of X in input Name's alphabet A; an error if X
/// is not a letter of it.
inline int unknown_as_code(Alpha A, UnknownLetters U, const std::string &Name) {
  int C = symbol_code(A, U.Letter);
  if (C < 0)
    throw InputError("--unknown=as=" + printable(std::string(1, U.Letter)) +
                     ": '" + printable(std::string(1, U.Letter)) +
                     "' is not a " + alpha_name(A) + " symbol (input '" + Name +
                     "': expected one of " + alpha_symbols(A) + ")");
  return C;
}

/// A sequence's codes; Text is the sequence as the results show it (with
/// --unknown=skip, without the letters left out), Note what --unknown did
/// ("" when every letter was in the alphabet).
struct Encoded {
  std::vector<int8_t> Codes;
  std::string Text, Note;
};

/// Encodes a sequence; an unknown letter is an error naming its position,
/// unless U says to leave it out or read it as another letter.
inline Encoded encode(Alpha A, const std::string &Seq, const std::string &What,
                      UnknownLetters U = {}, const std::string &Name = "") {
  Encoded E;
  const int AsCode =
      U.M == UnknownLetters::As ? unknown_as_code(A, U, Name) : -1;
  E.Codes.reserve(Seq.size());
  const int8_t *Map = symbol_map(A);
  size_t Unknown = 0, First = 0;
  for (size_t I = 0; I < Seq.size(); ++I) {
    int C = Map[static_cast<unsigned char>(Seq[I])];
    if (C < 0) {
      if (U.M == UnknownLetters::Error)
        throw InputError(What + ": '" + printable(std::string(1, Seq[I])) +
                         "' at position " + std::to_string(I + 1) +
                         " is not a " + alpha_name(A) +
                         " symbol (expected one of " + alpha_symbols(A) +
                         "; --unknown=skip leaves such letters out, "
                         "--unknown=as=X reads them as X)");
      if (Unknown++ == 0)
        First = I;
      if (U.M == UnknownLetters::Skip)
        continue;
      C = AsCode;
    }
    E.Codes.push_back(static_cast<int8_t>(C));
    if (U.M == UnknownLetters::Skip)
      E.Text += Seq[I];
  }
  if (U.M != UnknownLetters::Skip)
    E.Text = Seq;
  if (Unknown)
    E.Note = What + ": " + std::to_string(Unknown) + " letter" +
             (Unknown == 1 ? "" : "s") + " not in the " + alpha_name(A) +
             " alphabet (" + alpha_symbols(A) + ") " +
             (U.M == UnknownLetters::Skip
                  ? std::string("left out")
                  : "read as '" + std::string(1, U.Letter) + "'") +
             " (the first, '" + printable(std::string(1, Seq[First])) +
             "', at position " + std::to_string(First + 1) + ")";
  return E;
}

inline int64_t parse_int(const std::string &S, const std::string &What) {
  if (S.empty())
    throw InputError(What + ": expected an integer, found nothing");
  errno = 0;
  char *End = nullptr;
  long long V = std::strtoll(S.c_str(), &End, 10);
  if (errno == ERANGE)
    throw InputError(What + ": '" + printable(S) + "' does not fit in 64 bits");
  if (*End != '\0' || End != S.c_str() + S.size())
    throw InputError(What + ": '" + printable(S) + "' is not an integer");
  return V;
}

/// "30,35,15,5" (commas and/or whitespace) -> {30, 35, 15, 5}. An empty
/// item ("1,,2", a leading or a trailing comma) is an error, not a skip.
inline std::vector<int64_t> parse_int_list(const std::string &S,
                                           const std::string &What) {
  std::vector<int64_t> R;
  std::string Cur;
  bool Item = false; // a number since the last comma (or the start)
  auto Flush = [&] {
    if (!Cur.empty()) {
      R.push_back(parse_int(Cur, What));
      Item = true;
    }
    Cur.clear();
  };
  for (char C : S) {
    if (C == ',') {
      Flush();
      if (!Item)
        throw InputError(What + ": empty value " +
                         (R.empty() ? std::string("before the first comma")
                                    : "after value " + std::to_string(R.size()) +
                                          " (two commas in a row)"));
      Item = false;
    } else if (std::isspace(static_cast<unsigned char>(C))) {
      Flush();
    } else {
      Cur += C;
    }
  }
  Flush();
  if (!R.empty() && !Item)
    throw InputError(What + ": the list ends with a comma");
  return R;
}

/// "NAME=VALUE" -> {NAME, VALUE}.
inline std::pair<std::string, std::string> split_binding(const std::string &B,
                                                         const char *Flag) {
  size_t Eq = B.find('=');
  if (Eq == std::string::npos || Eq == 0)
    throw InputError(std::string(Flag) + " expects NAME=VALUE, got '" + B +
                     "'");
  return {B.substr(0, Eq), B.substr(Eq + 1)};
}

/// One value of an input: a sequence (codes), an integer array or an
/// integer matrix.
struct InputValue {
  std::string Text;            // the sequence as given (sequence inputs)
  std::vector<int8_t> Codes;   // sequence inputs
  std::vector<int64_t> Ints;   // int inputs (a matrix row after row)
  std::vector<size_t> Shape;   // a matrix: {rows, columns}; else empty
  std::string Origin;          // "--in seq=...", "file.fa record 'x'"
  std::string Name;            // the FASTA record's name ('>' line), or ""
  /// A bad record kept (assemble_problems with KeepBad): why it cannot be
  /// used; its problem fails alone.
  std::string Error;
  /// What --unknown did to the sequence (letters left out or replaced), or
  /// "": printed as a warning.
  std::string Note;
  size_t length() const { return Codes.empty() ? Ints.size() : Codes.size(); }
  /// The extent along dimension D: the length, or a matrix's rows (0) or
  /// columns (1).
  size_t extent(size_t D) const { return Shape.empty() ? length() : Shape[D]; }
};

/// How a message says an input's extent along dimension D: "length 5",
/// else (a matrix) "5 rows", "1 column".
inline std::string extent_text(const InputValue &V, size_t D) {
  if (V.Shape.empty())
    return "length " + std::to_string(V.length());
  const size_t N = V.extent(D);
  return std::to_string(N) + (D == 0 ? " row" : " column") +
         (N == 1 ? "" : "s");
}

/// An input as declared in the recurrence: Dims is 2 for a matrix
/// (`input D : int[N, N]`), else 1.
struct InputSpec {
  std::string Name;
  Alpha Kind;
  int Dims = 1;
};

/// A problem: one value per declared input.
using Problem = std::vector<InputValue>;

/// The value of sequence input S from its text (Origin says where it came
/// from in messages: "--in seq", "record 'x', f.fa line 3"); an empty
/// sequence or a letter not in its alphabet is an InputError (U: what to do
/// with unknown letters instead). Used by ProblemStream and by the library
/// API of a generated folder (NAME_api.cpp), so both read a sequence alike.
inline InputValue sequence_value(const InputSpec &S, const std::string &Text,
                                 const std::string &Origin,
                                 UnknownLetters U = {}) {
  InputValue V;
  V.Origin = Origin;
  if (Text.empty())
    throw InputError("input '" + S.Name + "' (" + Origin +
                     ") is empty; sequences must have at least one symbol");
  const std::string What = "input '" + S.Name + "' (" + Origin + ")";
  Encoded E = encode(S.Kind, Text, What, U, S.Name);
  if (E.Codes.empty())
    throw InputError(What + " is empty once the letters not in the " +
                     alpha_name(S.Kind) + " alphabet are left out");
  V.Codes = std::move(E.Codes);
  V.Text = std::move(E.Text);
  V.Note = std::move(E.Note);
  return V;
}

/// The value of int input S from its integers (Origin as above); an empty
/// list is an InputError.
inline InputValue int_value(const InputSpec &S, std::vector<int64_t> Ints,
                            const std::string &Origin) {
  if (Ints.empty())
    throw InputError("input '" + S.Name + "' is empty");
  InputValue V;
  V.Ints = std::move(Ints);
  V.Origin = Origin;
  return V;
}

/// The value of matrix input S from its rows (Origin as above): rows of
/// one length, none empty, else an InputError naming the input and the
/// row.
inline InputValue matrix_value(const InputSpec &S,
                               const std::vector<std::vector<int64_t>> &Rows,
                               const std::string &Origin) {
  if (Rows.empty() || Rows[0].empty())
    throw InputError("input '" + S.Name + "' (" + Origin + ") is empty");
  InputValue V;
  V.Origin = Origin;
  for (size_t R = 0; R < Rows.size(); ++R) {
    if (Rows[R].size() != Rows[0].size())
      throw InputError("input '" + S.Name + "' (" + Origin + "): row " +
                       std::to_string(R + 1) + " has " +
                       std::to_string(Rows[R].size()) + " value" +
                       (Rows[R].size() == 1 ? "" : "s") + ", but row 1 has " +
                       std::to_string(Rows[0].size()) +
                       " (a matrix has as many in every row)");
    V.Ints.insert(V.Ints.end(), Rows[R].begin(), Rows[R].end());
  }
  V.Shape = {Rows.size(), Rows[0].size()};
  return V;
}

/// A matrix as text: rows separated by newlines or ';', values by
/// whitespace or commas; blank lines are skipped. A value that is not an
/// integer is an InputError naming the input, its row and its column.
inline InputValue parse_int_matrix(const InputSpec &S, const std::string &Text,
                                   const std::string &Origin) {
  std::vector<std::vector<int64_t>> Rows;
  std::string Line;
  auto Flush = [&] {
    std::vector<int64_t> Row;
    std::string Cur;
    auto Value = [&] {
      if (Cur.empty())
        return;
      Row.push_back(parse_int(Cur, "input '" + S.Name + "' (" + Origin +
                                       ") row " +
                                       std::to_string(Rows.size() + 1) +
                                       ", column " +
                                       std::to_string(Row.size() + 1)));
      Cur.clear();
    };
    for (char C : Line) {
      if (C == ',' || std::isspace(static_cast<unsigned char>(C)))
        Value();
      else
        Cur += C;
    }
    Value();
    if (!Row.empty())
      Rows.push_back(std::move(Row));
    Line.clear();
  };
  for (char C : Text) {
    if (C == '\n' || C == ';')
      Flush();
    else
      Line += C;
  }
  Flush();
  return matrix_value(S, Rows, Origin);
}

/// "" for a run of one problem (Many false); else "problem I (record 'x',
/// f.fa line L): ", to start a message about problem P, the I-th (0-based)
/// of the run.
inline std::string problem_label(const Problem &P, size_t I, bool Many) {
  if (!Many)
    return "";
  std::string L = "problem " + std::to_string(I + 1);
  for (auto &V : P)
    if (V.Origin.compare(0, 7, "record ") == 0) {
      L += " (" + V.Origin + ")";
      break;
    }
  return L + ": ";
}

/// The name of a problem in results: the names of its FASTA records ('>'
/// lines), joined with ',' when it has several ("" when none is named).
inline std::string problem_name(const Problem &P) {
  std::string N;
  for (auto &V : P)
    if (!V.Name.empty())
      N += (N.empty() ? "" : ",") + V.Name;
  return N;
}

/// What --unknown did to a problem's sequences (one line per input), or "".
inline std::vector<std::string> problem_notes(const Problem &P) {
  std::vector<std::string> R;
  for (auto &V : P)
    if (!V.Note.empty())
      R.push_back(V.Note);
  return R;
}

/// Why a problem cannot run (a bad record among its inputs), or "".
inline std::string problem_error(const Problem &P) {
  for (auto &V : P)
    if (!V.Error.empty())
      return V.Error;
  return "";
}

/// Reads the records of FASTA files one at a time (">name" lines, sequence
/// lines; blank lines and whitespace ignored; a file with no '>' is one
/// record); a file that cannot be opened or holds no sequence is an error.
class FastaCursor {
public:
  explicit FastaCursor(std::vector<std::string> Files) : Files(std::move(Files)) {}
  /// The next record (and its file); false after the last.
  bool next(FastaRecord &R, const std::string *&File) {
    for (;;) {
      if (!In.is_open()) {
        if (F >= Files.size())
          return false;
        In.open(Files[F]);
        if (!In)
          throw InputError("cannot open FASTA file '" + Files[F] + "'");
        No = 0;
        Pending = false;
        InFile = 0;
      }
      if (readRecord(R)) {
        ++InFile;
        File = &Files[F];
        return true;
      }
      In.close();
      if (!InFile)
        throw InputError("FASTA file '" + Files[F] + "' holds no sequence");
      ++F;
    }
  }

private:
  bool readRecord(FastaRecord &R) {
    bool Have = false;
    if (Pending) {
      R = {PendingName, "", PendingLine};
      Pending = false;
      Have = true;
    }
    std::string Line;
    while (std::getline(In, Line)) {
      ++No;
      if (!Line.empty() && Line.back() == '\r')
        Line.pop_back();
      if (!Line.empty() && Line[0] == '>') {
        if (Have) {
          PendingName = Line.substr(1);
          PendingLine = No;
          Pending = true;
          return true;
        }
        R = {Line.substr(1), "", No};
        Have = true;
        continue;
      }
      if (!Line.empty() && Line[0] == ';')
        continue;
      size_t Before = R.Seq.size();
      if (!Have) { // a file with no '>' is one record (if the line has a symbol)
        R = {Files[F], "", No, /*Named=*/false};
        Before = 0;
      }
      // (a byte above ' ' is never a blank: no isspace call for letters)
      for (char C : Line)
        if (static_cast<unsigned char>(C) > ' ' ||
            !std::isspace(static_cast<unsigned char>(C)))
          R.Seq += C;
      if (R.Seq.size() == Before)
        continue;
      Have = true;
    }
    return Have;
  }

  std::vector<std::string> Files;
  size_t F = 0, No = 0, InFile = 0;
  std::ifstream In;
  bool Pending = false;
  std::string PendingName;
  size_t PendingLine = 0;
};

/// The problems of a run, from `--in NAME=VALUE` bindings and positional
/// FASTA files, in chunks (next). VALUE is a literal sequence, a comma list
/// (int inputs) or @path (FASTA for sequences, a list of integers for int
/// inputs). A FASTA file with several records gives several problems;
/// inputs given once apply to every problem. Positional files supply the
/// sequence inputs in declaration order: with k sequence inputs, each k
/// consecutive records form one problem; they are read as the chunks are
/// asked for, so a file of a million records runs in bounded memory. With
/// KeepBad, a FASTA record that cannot be read (an unknown letter, no
/// symbol) does not stop the others: its problem keeps the message
/// (InputValue::Error, problem_error) and fails alone.
class ProblemStream {
public:
  ProblemStream(const std::vector<InputSpec> &Specs,
                const std::vector<std::string> &Bindings,
                const std::vector<std::string> &Files, bool KeepBad,
                UnknownLetters Unknown = {})
      : Specs(Specs), KeepBad(KeepBad), Unknown(Unknown), Per(Specs.size()),
        Cursor(Files) {
    // --unknown=as=X: X must be a letter of every sequence input's alphabet
    // (said before reading anything)
    if (Unknown.M == UnknownLetters::As)
      for (auto &S : Specs)
        if (S.Kind != Alpha::Int)
          unknown_as_code(S.Kind, Unknown, S.Name);
    for (const std::string &B : Bindings)
      bind(B);
    if (!Files.empty()) {
      for (size_t I = 0; I < Specs.size(); ++I)
        if (Specs[I].Kind != Alpha::Int && Per[I].empty())
          SeqInputs.push_back(static_cast<int>(I));
      if (SeqInputs.empty()) {
        bool AnySeq = false;
        for (auto &S : Specs)
          AnySeq |= S.Kind != Alpha::Int;
        throw InputError(
            AnySeq ? "FASTA files were given, but every sequence input is "
                     "already bound with --in"
                   : "FASTA files were given, but the recurrence has no "
                     "sequence input (its inputs are int lists: give them "
                     "with --in NAME=1,2,3 or --in NAME=@file)");
      }
      Streaming = true;
      for (size_t I = 0; I < Specs.size(); ++I)
        Streaming &= Per[I].size() <= 1;
      if (!Streaming) { // records bound with --in NAME=@file: all at once
        FastaRecord R;
        const std::string *File = nullptr;
        size_t K = 0;
        while (Cursor.next(R, File))
          addRecord(SeqInputs[K++ % SeqInputs.size()], R, *File);
        checkMultiple(K);
      }
    }
    if (!Streaming) {
      size_t Count = 1;
      for (size_t I = 0; I < Specs.size(); ++I) {
        checkGiven(I);
        if (Per[I].size() > 1) {
          if (Count > 1 && Per[I].size() != Count)
            throw InputError("inputs give different numbers of records (" +
                             std::to_string(Count) + " and " +
                             std::to_string(Per[I].size()) + ")");
          Count = Per[I].size();
        }
      }
      Total = Count;
    } else {
      for (size_t I = 0; I < Specs.size(); ++I)
        if (std::find(SeqInputs.begin(), SeqInputs.end(), int(I)) ==
            SeqInputs.end())
          checkGiven(I);
    }
  }

  /// The next problems (at most MaxProblems, or about MaxBytes of
  /// sequence) into Out, replacing what it held; false when none is left.
  bool next(std::vector<Problem> &Out, size_t MaxProblems,
            size_t MaxBytes = SIZE_MAX) {
    Out.clear();
    First = Done;
    if (!Streaming) {
      while (Done < Total && Out.size() < MaxProblems) {
        Problem P;
        for (size_t I = 0; I < Specs.size(); ++I)
          P.push_back(Per[I].size() == 1 ? Per[I][0] : Per[I][Done]);
        Out.push_back(std::move(P));
        ++Done;
      }
      return !Out.empty();
    }
    size_t Bytes = 0;
    FastaRecord R;
    const std::string *File = nullptr;
    while (Out.size() < MaxProblems && Bytes < MaxBytes) {
      Problem P(Specs.size());
      size_t K = 0;
      for (; K < SeqInputs.size() && Cursor.next(R, File); ++K) {
        Bytes += R.Seq.size();
        P[SeqInputs[K]] = recordValue(Specs[SeqInputs[K]], R, *File);
      }
      Records += K;
      if (K < SeqInputs.size()) {
        checkMultiple(Records);
        break;
      }
      for (size_t I = 0; I < Specs.size(); ++I)
        if (!Per[I].empty())
          P[I] = Per[I][0];
      Out.push_back(std::move(P));
      ++Done;
    }
    return !Out.empty();
  }
  /// The index (0-based, over the whole run) of the first problem of the
  /// last chunk.
  size_t first() const { return First; }

private:
  InputValue seqValue(const InputSpec &S, const std::string &Text,
                      const std::string &Origin) const {
    return sequence_value(S, Text, Origin, Unknown);
  }
  // A record of a file: bad ones are kept with their message (KeepBad).
  InputValue recordValue(const InputSpec &S, const FastaRecord &R,
                         const std::string &File) const {
    std::string Origin = "record '" + printable(R.Name) + "', " + File +
                         " line " + std::to_string(R.Line);
    InputValue V;
    if (!KeepBad) {
      V = seqValue(S, R.Seq, Origin);
    } else {
      try {
        V = seqValue(S, R.Seq, Origin);
      } catch (const InputError &E) {
        V.Text = R.Seq;
        V.Origin = Origin;
        V.Error = E.what();
      }
    }
    if (R.Named)
      V.Name = R.Name;
    return V;
  }
  void addRecord(int I, const FastaRecord &R, const std::string &File) {
    Per[I].push_back(recordValue(Specs[I], R, File));
  }
  void checkMultiple(size_t K) const {
    if (K % SeqInputs.size() != 0)
      throw InputError("the FASTA files hold " + std::to_string(K) +
                       " records, not a multiple of the " +
                       std::to_string(SeqInputs.size()) +
                       " sequence inputs each problem needs");
  }
  void checkGiven(size_t I) const {
    if (Per[I].empty())
      throw InputError("input '" + Specs[I].Name +
                       "' is not given (use --in " + Specs[I].Name +
                       "=VALUE or a FASTA file)");
  }
  void bind(const std::string &B) {
    auto [Name, Value] = split_binding(B, "--in");
    int I = -1;
    for (size_t J = 0; J < Specs.size(); ++J)
      if (Specs[J].Name == Name)
        I = static_cast<int>(J);
    if (I < 0) {
      std::string Known;
      for (auto &S : Specs)
        Known += (Known.empty() ? "" : ", ") + S.Name;
      throw InputError("--in " + Name + ": the recurrence has no input '" +
                       Name + "' (inputs: " + Known + ")");
    }
    if (!Per[I].empty())
      throw InputError("input '" + Name + "' is given twice");
    const InputSpec &S = Specs[I];
    if (S.Kind == Alpha::Int) {
      std::string Text = Value, Origin = "--in " + Name;
      if (!Value.empty() && Value[0] == '@') {
        std::ifstream In(Value.substr(1));
        if (!In)
          throw InputError("cannot open '" + Value.substr(1) + "' for input '" +
                           Name + "'");
        std::stringstream SS;
        SS << In.rdbuf();
        Text = SS.str();
        Origin = Value.substr(1);
      }
      if (S.Dims == 2)
        Per[I].push_back(parse_int_matrix(S, Text, Origin));
      else
        Per[I].push_back(int_value(
            S, parse_int_list(Text, "input '" + Name + "'"), Origin));
      return;
    }
    if (!Value.empty() && Value[0] == '@') {
      std::string Path = Value.substr(1);
      FastaCursor C({Path});
      FastaRecord R;
      const std::string *File = nullptr;
      while (C.next(R, File))
        addRecord(I, R, Path);
    } else {
      Per[I].push_back(seqValue(S, Value, "--in " + Name));
    }
  }

  const std::vector<InputSpec> &Specs;
  bool KeepBad;
  UnknownLetters Unknown;
  std::vector<std::vector<InputValue>> Per; // values bound with --in (and
                                            // records, when not streaming)
  std::vector<int> SeqInputs;               // filled from the files
  FastaCursor Cursor;
  bool Streaming = false;
  size_t Total = 0, Done = 0, First = 0, Records = 0;
};

/// Every problem at once (see ProblemStream).
inline std::vector<Problem>
assemble_problems(const std::vector<InputSpec> &Specs,
                  const std::vector<std::string> &Bindings,
                  const std::vector<std::string> &Files, bool KeepBad = false,
                  UnknownLetters Unknown = {}) {
  ProblemStream S(Specs, Bindings, Files, KeepBad, Unknown);
  std::vector<Problem> All, Chunk;
  while (S.next(Chunk, SIZE_MAX))
    for (auto &P : Chunk)
      All.push_back(std::move(P));
  return All;
}

/// Bytes of memory the system reports available (MemAvailable), or 0 if
/// unknown.
inline uint64_t available_memory_bytes() {
  std::ifstream In("/proc/meminfo");
  std::string Key;
  uint64_t Val;
  std::string Unit;
  while (In >> Key >> Val >> Unit)
    if (Key == "MemAvailable:")
      return Val * 1024;
  return 0;
}

inline std::string format_bytes(double B) {
  const char *U[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int I = 0;
  while (B >= 1024 && I < 4) {
    B /= 1024;
    ++I;
  }
  std::ostringstream S;
  S.precision(I ? 3 : 0);
  S << std::fixed << B << " " << U[I];
  return S.str();
}

/// The partner of every position (-1: unpaired) from pair events (i, j)
/// over a sequence of length N: the pairs that dot_bracket draws (every
/// structure format -- dot-bracket, ct, bpseq -- is made from these).
inline std::vector<int64_t>
pair_partners(size_t N, const std::vector<std::pair<int64_t, int64_t>> &Pairs) {
  std::vector<int64_t> P(N, -1);
  for (auto [A, B] : Pairs) {
    if (A > B)
      std::swap(A, B);
    if (A >= 0 && B < static_cast<int64_t>(N) && A != B) {
      P[A] = B;
      P[B] = A;
    }
  }
  return P;
}

/// Dot-bracket rendering of pair events (i, j) over a sequence of length N.
inline std::string dot_bracket(size_t N,
                               const std::vector<std::pair<int64_t, int64_t>> &Pairs) {
  std::string S(N, '.');
  for (auto [A, B] : Pairs) {
    if (A > B)
      std::swap(A, B);
    if (A >= 0 && B < static_cast<int64_t>(N) && A != B) {
      S[A] = '(';
      S[B] = ')';
    }
  }
  return S;
}

} // namespace dpc_rt

#endif // DPC_IO_H
