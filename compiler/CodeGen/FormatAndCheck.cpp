//===- FormatAndCheck.cpp -------------------------------------------------===//
#include "CodeGen/FormatAndCheck.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Format/Format.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/raw_ostream.h"

using namespace dpc;

std::string dpc::formatCode(const std::string &Code,
                            const std::string &FileName) {
  clang::format::FormatStyle Style = clang::format::getLLVMStyle();
  Style.ColumnLimit = 90;
  Style.AllowShortBlocksOnASingleLine = clang::format::FormatStyle::SBS_Never;
  Style.ReflowComments = false;
  Style.AllowShortIfStatementsOnASingleLine =
      clang::format::FormatStyle::SIS_WithoutElse;
  clang::tooling::Replacements R = clang::format::reformat(
      Style, Code, {clang::tooling::Range(0, static_cast<unsigned>(Code.size()))},
      FileName);
  auto Out = clang::tooling::applyAllReplacements(Code, R);
  if (!Out) {
    llvm::consumeError(Out.takeError());
    return Code;
  }
  return *Out;
}

std::string
dpc::checkSyntax(const std::string &Code, const std::string &FileName,
                 const std::vector<std::pair<std::string, std::string>> &Files) {
  std::vector<std::string> Args = {"-std=c++17", "-fsyntax-only",
                                   "-resource-dir=" DPC_CLANG_RESOURCE_DIR,
                                   "-I/dpc-virtual", "-Wno-unknown-pragmas"};
  clang::tooling::FileContentMappings Mapped;
  for (auto &[Name, Text] : Files)
    Mapped.push_back({"/dpc-virtual/" + Name, Text});
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  clang::DiagnosticOptions *Opts = new clang::DiagnosticOptions();
  clang::TextDiagnosticPrinter Printer(OS, Opts);
  bool OK = clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<clang::SyntaxOnlyAction>(), Code, Args,
      "/dpc-virtual/" + FileName, "dpc-syntax-check",
      std::make_shared<clang::PCHContainerOperations>(), Mapped);
  (void)Printer;
  if (OK)
    return "";
  OS.flush();
  return Diags.empty() ? "clang could not parse " + FileName : Diags;
}
