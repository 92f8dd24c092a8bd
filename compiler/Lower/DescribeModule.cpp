//===- DescribeModule.cpp - the declarations the printers need ------------===//
//
// Takes the checked module and gives lir::ModuleInfo: names, types, index
// names and domains of the tables, inputs with their sizes, params with the
// input that binds each, `let` constants, score lookups and the outputs'
// cells. Printers read this, never the AST.
//
//===----------------------------------------------------------------------===//
#include "Lower/Lowering.h"

using namespace dpc;

lir::ModuleInfo dpc::describeModule(const ast::Module &M) {
  lir::ModuleInfo I;
  I.Name = M.Name;
  I.FileName = M.FileName;
  for (auto &P : M.Params)
    I.Params.push_back({P.Name, P.BoundBy, P.BoundDim});
  for (auto &C : M.ParamCons)
    I.ParamConstraints.push_back({C.C, C.Text});
  for (auto &In : M.Inputs)
    I.Inputs.push_back({In.Name, In.Alpha, In.SizesA});
  for (auto &L : M.Lets)
    I.Lets.push_back({L.Name, L.Value, L.IsConst});
  for (auto &S : M.Scores) {
    lir::ScoreInfo SI;
    SI.Name = S.Name;
    SI.Type = S.Type;
    SI.Params = S.Params;
    SI.Lookup = S.Lookup;
    for (auto &E : S.Entries)
      SI.EntriesText += (SI.EntriesText.empty() ? "" : ", ") + E.Key + " = " +
                        E.Val.str();
    SI.EntriesText += ", default = " + S.Default->str();
    I.Scores.push_back(SI);
  }
  std::vector<bool> Rec = ast::tablesRecordingEvents(M);
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    const ast::TableDecl &D = M.Tables[T];
    I.Tables.push_back({D.Name, D.Type, D.Indices, D.Domain,
                        ast::exprToString(*D.Eq->Body), Rec[T]});
  }
  I.StructureInput = ast::structureInput(M);
  for (auto &O : M.Outputs)
    I.Outputs.push_back({O.Text, O.TableIdx, O.Index});
  return I;
}
