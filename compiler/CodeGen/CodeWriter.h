//===- CodeWriter.h - accumulating generated source text ------------------===//
//
// Lines with indentation, formatted with fmt. Layout is cosmetic: the
// finished file goes through clang-format.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <fmt/format.h>

#include <string>

namespace dpc {

class CodeWriter {
public:
  template <typename... Args>
  void line(fmt::format_string<Args...> F, Args &&...A) {
    Buf.append(2 * Indent, ' ');
    Buf += fmt::format(F, std::forward<Args>(A)...);
    Buf += '\n';
  }
  void text(const std::string &S) {
    Buf.append(2 * Indent, ' ');
    Buf += S;
    Buf += '\n';
  }
  void blank() { Buf += '\n'; }
  /// Writes `Head {` and indents.
  void open(const std::string &Head) {
    text(Head + " {");
    ++Indent;
  }
  void close(const std::string &Tail = "}") {
    --Indent;
    text(Tail);
  }
  /// A comment block, one `// ` line per line of S.
  void comment(const std::string &S) {
    size_t Start = 0;
    while (Start <= S.size()) {
      size_t End = S.find('\n', Start);
      if (End == std::string::npos)
        End = S.size();
      text("// " + S.substr(Start, End - Start));
      Start = End + 1;
    }
  }
  const std::string &str() const { return Buf; }

private:
  std::string Buf;
  int Indent = 0;
};

} // namespace dpc
