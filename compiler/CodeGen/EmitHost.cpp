//===- EmitHost.cpp - NAME_host.h and NAME_host.cpp -----------------------===//
//
// The host side shared by the program (NAME_main.cpp) and the library
// (NAME_api.cpp): the host tables and inputs, a problem's params from its
// inputs (bind_params), the bytes of its tables, error texts, and a batch of
// problems computed (compute_batch: the OpenMP, serial or CUDA path), traced
// back (trace_batch) and turned into results (fill_result).
//
//===----------------------------------------------------------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include <algorithm>

using namespace dpc;
using namespace dpc::lir;

std::string dpc::emitHostHeader(const Program &P) {
  const ModuleInfo &M = P.M;
  const std::string &N = M.Name;
  CodeWriter H;
  H.text(fileBanner(P, N + "_host.h: host-side data and the functions of the "
                        "generated program."));
  H.text("#pragma once");
  H.blank();
  H.text("#include \"" + N + ".h\"");
  H.text("#include \"dpc_driver.h\"");
  H.blank();
  H.text("#include <cstdio>");
  H.text("#include <string>");
  H.text("#include <vector>");
  H.blank();
  H.open("namespace " + N);
  H.open("struct HostInputs");
  std::string View;
  for (auto &I : M.Inputs) {
    H.line("std::vector<{}> {};", I.Alpha == Alphabet::Int ? "int64_t" : "int8_t",
           I.Name);
    View += (View.empty() ? "" : ", ") + I.Name + ".data()";
  }
  H.line("Inputs view() const {{ return Inputs{{{}}}; }}", View);
  H.close("};");
  for (bool Ref : {false, true}) {
    std::string S = Ref ? "HostRefTables" : "HostTables";
    H.open("struct " + S);
    std::string Init, V;
    for (size_t T = 0; T < M.Tables.size(); ++T) {
      if (!Ref && P.Storages[T].HostTable >= 0)
        continue;
      const std::string &TN = M.Tables[T].Name;
      H.line("dpc_rt::ZeroedArray<{}> {};", storeType(M.Tables[T].Type), TN);
      Init += (Init.empty() ? " : " : ", ") + TN + "(static_cast<size_t>(" +
              (Ref ? "ref_" : "") + TN + "_size(p)))";
      V += (V.empty() ? "" : ", ") + TN + ".data()";
    }
    H.line("explicit {}(const Params &p){} {{ (void)p; }}", S, Init);
    if (!Ref) {
      std::string Touch;
      for (size_t T = 0; T < M.Tables.size(); ++T)
        if (P.Storages[T].HostTable < 0)
          Touch += " " + M.Tables[T].Name + ".touch(threads);";
      H.line("/// The tables' pages faulted in on the threads (before the "
             "compute timer).");
      H.line("void touch(int threads) {{{} (void)threads; }}", Touch);
    }
    H.line("{} view() {{ return {}{{{}}}; }}", Ref ? "RefTables" : "Tables",
           Ref ? "RefTables" : "Tables", V);
    H.close("};");
  }
  H.comment(N + "_host.cpp: a problem's sizes and inputs, the bytes of its "
            "tables, error texts,\nand a batch computed, traced back and "
            "turned into results (used by the\nprogram, " + N + "_main.cpp, and by the library, " + N + "_api.cpp).");
  H.comment("Params from input lengths; `let` constants, possibly set with "
            "--set (sets).\nRefuses a problem whose tables are too large "
            "for 64-bit sizes.");
  H.line("Params bind_params(const dpc_rt::Problem &prob, const "
         "std::vector<std::pair<std::string, int64_t>> &sets);");
  H.line("HostInputs make_inputs(const dpc_rt::Problem &prob);");
  H.line("double table_bytes(const Params &p);");
  H.line("double reference_bytes(const Params &p);");
  H.comment("Computes every table of one problem on `threads` threads; "
            "err: its error code;\nprog (if not null) hears of each step of "
            "the outermost sequential loops.");
  H.line("void compute_tiled(const Params &p, const Inputs &in, const Tables "
         "&t, int threads, int *err, dpc_rt::Progress *prog = nullptr);");
  if (anyRingTable(P))
    H.line("bool cpu_sweeps_compiled(); // the OpenMP lane strips "
           "(DPC_CPU_STRIPS)");
  H.line("void compute_reference(const Params &p, const Inputs &in, const "
         "RefTables &r, int *err);");
  H.line("size_t verify(const Params &p, const Tables &t, const RefTables &r, "
         "FILE *out, size_t *cells);");
  H.line("bool dump_table(const std::string &name, const Params &p, const "
         "Tables &t, FILE *out);");
  H.line("void table_cells(const Params &p, double *cells);");
  H.line("double reduction_terms(const Params &p);");
  H.line("Params scaled_params(const Params &p, double f, int h, const "
         "std::vector<char> &s);");
  H.line("extern const int work_depth;");
  H.comment("The work of problem p: its cells and reduction terms, counted "
            "or, for large\nsizes, predicted (dpc_rt::estimate_work).");
  H.line("dpc_rt::WorkEstimate estimate_work(const Params &p);");
  H.line("std::vector<std::string> output_values(const Params &p, const "
         "Tables &t);");
  for (ScalarType Ty : M.outputTypes())
    H.line("std::string output_text({} v);", storeType(Ty));
  H.comment("Traces back problem (p, in) from its tables: its events; box "
            "(if not null): where\nit went (--path).");
  if (anyCheckpointTable(P))
    H.comment("Where p.dpc_ring, the tables kept as rows hold two rows: it "
              "recomputes the rows\nit reads from checkpoints (" + M.Name +
              "_traceback.cpp).");
  H.line("void traceback(const Params &p, const Inputs &in, const Tables &t, "
         "std::vector<dpc_rt::Event> &events, int *err, dpc_rt::PathBox *box "
         "= nullptr);");
  if (const Group *G = checkpointGroup(P))
    H.line("void ref_rows_{}(const Params &p, const Inputs &in, const "
           "RefTables &r, int64_t rlo, int64_t rhi, int *err);",
           M.Tables[G->Tables[0]].Name);
  H.comment("The message of a nonzero error code of compute_tiled, "
            "compute_cuda_batch or traceback.");
  H.line("const char *error_text(int err);");
  H.comment("The message of error err of problem (p, in): error_text and, for "
            "an error of the\narithmetic or of a read, where it happened: "
            "the first cell whose statement\nfails and its equation, found "
            "by the untiled reference on one thread\n(locate_error) where the "
            "problem has at most 4e6 cells.");
  H.line("std::string error_message(const Params &p, const Inputs &in, int "
         "err);");
  H.line("std::string locate_error(const Params &p, const Inputs &in, const "
         "RefTables &r, int *err);");
  H.comment("A batch of problems computed together (compute_batch): their "
            "tables (views into\nthe GPU's host buffer, or owned here), "
            "error codes (0: none), per problem its outputs as text\n(GPU "
            "without host tables), the seconds it took, how many problems ran\n"
            "tile-parallel (CPU), why the whole batch failed (\"\" if "
            "it ran), and, from a\ntraceback on the GPU, each problem's "
            "events (gpu_traced[k]: 1 where it has them).");
  H.open("struct BatchRun");
  H.line("std::vector<Tables> views;");
  H.line("std::vector<int> errs;");
  H.line("std::vector<std::vector<std::string>> outputs;");
  H.line("std::vector<HostTables> owned;");
  H.line("double seconds = 0;");
  H.line("double trace_seconds = 0; // of the tracebacks on the GPU");
  H.line("size_t alone = 0;");
  H.line("std::string error;");
  H.line("std::vector<std::vector<dpc_rt::Event>> events;");
  H.line("std::vector<char> gpu_traced;");
  H.close("};");
  H.comment("Computes problems ps (inputs ins) as one batch into b: on GPU "
            "`device` (on_gpu;\nthe tables come back into `host` with "
            "tables_back, else only the outputs) or on\n`threads` CPU "
            "threads (dpc_rt::plan_cpu_batch). gpu_trace >= 0: on the GPU, "
            "trace back on the\ndevice where the plan allows it, each "
            "problem's walk bounded by gpu_trace records\n(0: from its input "
            "lengths). extra_bytes: host memory needed beside the tables\n"
            "(--verify's reference). prog (if not null) hears how far the "
            "batch is (GPU:\nits launches; CPU: the problems that run over "
            "all threads). Never throws: a\nfailure of the whole batch "
            "(memory, device) is b.error.");
  H.line("void compute_batch(const std::vector<Params> &ps, const "
         "std::vector<const HostInputs *> &ins, bool on_gpu, int threads, int "
         "device, bool tables_back, int64_t gpu_trace, double extra_bytes, "
         "dpc_rt::HostBuffer &host, BatchRun &b, dpc_rt::Progress *prog = "
         "nullptr);");
  H.comment("Traces back every problem of batch b that has no error, on "
            "`threads` host threads:\nthe events into results[k].Events (and "
            "where it went into results[k].Path\nwhere results[k].HasPath), "
            "errors into errs[k]\n(those traced on the GPU take the events "
            "it found: moved out of b.events).");
  H.line("void trace_batch(const std::vector<Params> &ps, const "
         "std::vector<const HostInputs *> &ins, BatchRun &b, int "
         "threads, std::vector<dpc_rt::Result> &results, std::vector<int> "
         "&errs);");
  H.comment("Problem k of batch b (params p, read as prob) into r: its "
            "name, params, output and,\nwhen traced (r.Events filled by "
            "trace_batch), its structure.");
  H.line("void fill_result(const Params &p, const dpc_rt::Problem &prob, "
         "const BatchRun &b, size_t k, bool traced, dpc_rt::Result &r);");
  H.text("#if defined(DPC_HAVE_CUDA)");
  H.comment("Runs the problems ps (inputs ins) together on GPU `device`: "
            "their tables in one\ndevice arena, every problem's launches "
            "merged into one set. With tables_back the\ntables come back "
            "into `host` (page-locked when granted) and tables[b] views\n"
            "problem b's; without, only the outputs' cells come back, as text "
            "in outputs[b].\nerrs[b] is problem b's error code (0: none). "
            "With trace >= 0 the tracebacks run on\nthe device where the "
            "plan allows it (walks of at most `trace` records, 0: from\nthe "
            "input lengths): events[b] holds problem b's events where "
            "traced[b] is 1; a\nproblem the device did not trace has its "
            "tables back in tables[b]. Returns the\nseconds the GPU spent "
            "computing the tables (CUDA events); trace_seconds: those of the "
            "tracebacks\non the device (their kernel and the events' copy "
            "back). prog: as compute_batch's.");
  H.line("double compute_cuda_batch(const std::vector<Params> &ps, const "
         "std::vector<const HostInputs *> &ins, int device, bool tables_back, "
         "int64_t trace, dpc_rt::HostBuffer &host, std::vector<Tables> "
         "&tables, std::vector<std::vector<std::string>> &outputs, "
         "std::vector<int> &errs, std::vector<std::vector<dpc_rt::Event>> "
         "&events, std::vector<char> &traced, double &trace_seconds, "
         "dpc_rt::Progress *prog = nullptr);");
  H.comment("Starts the GPUs of `want` (--device; {-1}: all) into "
            "`devices`; returns the bytes of\ntables a batch may hold on "
            "each (0 if unknown).");
  H.line("double cuda_start_devices(const std::vector<int> &want, "
         "std::vector<int> &devices);");
  H.text("#endif");
  H.close("} // namespace " + N);
  return H.str();
}

std::string dpc::emitHostSource(const Program &P) {
  const ModuleInfo &M = P.M;
  const std::string &N = M.Name;
  const bool AnyRing = anyRingTable(P);
  (void)AnyRing;
  CodeWriter W;
  W.text(fileBanner(P, N + "_host.cpp: a problem's sizes and inputs, its "
                        "tables' bytes, and a batch computed,\n// traced back "
                        "and turned into results (for " + N + "_main.cpp and " +
                        N + "_api.cpp)."));
  W.text("#include \"" + N + "_host.h\"");
  W.blank();
  W.text("#include <algorithm>");
  W.text("#include <cstdio>");
  W.text("#include <string>");
  W.blank();
  W.open("namespace " + N);
  W.blank();
  if (P.ReadSites.empty()) {
    W.comment("Error texts: those of the runtime.");
    W.line("const char *error_text(int err) {{ return dpc_rt::error_text(err); }}");
    W.blank();
  } else {
    W.comment("Error texts: a read whose subscripts are computed from input "
              "values fails with lir::ReadSiteErrBase + its site where its "
              "cell is outside its table's domain.");
    W.open("const char *error_text(int err)");
    W.open("switch (err)");
    for (size_t S = 0; S < P.ReadSites.size(); ++S) {
      std::string T;
      for (char C : P.ReadSites[S])
        T += C == '"' || C == '\\' ? std::string("\\") + C : std::string(1, C);
      W.line("case {}: return \"read {} is outside its table's domain: a "
             "subscript computed from input values left the table (dpc "
             "interp on this input names the cell)\";",
             lir::ReadSiteErrBase + S, T);
    }
    W.line("default: return dpc_rt::error_text(err);");
    W.close();
    W.close();
    W.blank();
  }
  W.open("std::string error_message(const Params &p, const Inputs &in, int "
         "err)");
  W.line("std::string m = error_text(err);");
  W.comment("(overflow, undefined arithmetic, a read outside its table: the "
            "reference fails at\nthe same cell; the others are not errors of "
            "a cell)");
  W.line("if (err != 1 && err != 2 && err < {}) return m;", lir::ReadSiteErrBase);
  W.line("double cells[{}];", M.Tables.size());
  W.line("table_cells(p, cells);");
  W.line("double all = 0;");
  W.line("for (double c : cells) all += c;");
  W.open("if (all > 4e6)");
  W.line("return m + \" (the cell is not located: the problem has more "
         "than 4e6 cells; dpc interp on it names the expression)\";");
  W.close();
  W.open("try");
  W.line("HostRefTables r(p);");
  W.line("int e = 0;");
  W.line("const std::string at = locate_error(p, in, r.view(), &e);");
  W.line("if (!at.empty()) return m + \"; first at \" + at;");
  W.close();
  W.open("catch (const std::exception &)");
  W.comment("(no memory for the reference: the message without the cell)");
  W.close();
  W.line("return m;");
  W.close();
  W.blank();
  // Every table's bounding box in floating point: bounds what the int64
  // _size functions compute, so that a problem too large for them is refused
  // before they overflow.
  W.comment("Every table's bounding box in bytes (floating point: bounds "
            "what the int64 _size\nfunctions compute).");
  W.open("static double box_bytes(const Params &dpc_p)");
  emitParamLocals(M, W);
  W.line("double b = 0.0;");
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    const Storage &S = P.Storages[T];
    std::string Prod = std::to_string(typeBytes(M.Tables[T].Type)) + ".0";
    for (size_t D = 0; D < S.BoxHi.size(); ++D)
      Prod += " * static_cast<double>(" +
              iexpr(S.BoxHi[D] - S.BoxLo[D] + IExpr::num(1)) + ")";
    W.line("b += {};", Prod);
  }
  W.line("return b;");
  W.close();
  W.blank();
  std::vector<std::string> PNames; // sorted, as results list them
  for (auto &Pr : M.Params)
    PNames.push_back(Pr.Name);
  std::sort(PNames.begin(), PNames.end());
  W.open("Params bind_params(const dpc_rt::Problem &prob, const "
         "std::vector<std::pair<std::string, int64_t>> &sets)");
  W.line("Params p{{}};");
  for (auto &L : M.Lets)
    W.line("p.{} = {};", L.Name, L.Value);
  W.open("for (auto &s : sets)");
  W.line("bool known = false;");
  for (auto &L : M.Lets) {
    W.open("if (s.first == \"" + L.Name + "\")");
    if (L.IsConst) {
      W.line("throw dpc_rt::InputError(\"--set {}: '{}' is a const ({}) and "
             "the proofs use its value; declare it 'let {} = ...' to make it "
             "tunable\");",
             L.Name, L.Name, L.Value, L.Name);
      W.close();
      continue;
    }
    W.line("if ((s.second >= 0) != ({} >= 0)) throw dpc_rt::InputError(\"--set "
           "{}: the proofs assume '{}' keeps the sign of its default {}\");",
           L.Value, L.Name, L.Name, L.Value);
    W.line("p.{} = s.second;", L.Name);
    W.line("known = true;");
    W.close();
  }
  W.line("if (!known) throw dpc_rt::InputError(\"--set \" + s.first + \": the "
         "recurrence has no constant '\" + s.first + \"'\");");
  W.close();
  // (the extent of an input along a dimension: its length, or a matrix's
  // rows or columns; messages say which with dpc_rt::extent_text)
  for (auto &Pr : M.Params) {
    const Affine &Size = M.Inputs[Pr.BoundBy].Sizes[Pr.BoundDim];
    int64_t A = Size.coeff(Pr.Name), B = Size.Const;
    W.open("");
    W.line("const int64_t len = static_cast<int64_t>(prob[{}].extent({}));",
           Pr.BoundBy, Pr.BoundDim);
    W.line("if ((len - ({})) % ({}) != 0 || (len - ({})) / ({}) < 0)", B, A, B, A);
    W.line("  throw dpc_rt::InputError(\"input '{}' has \" + "
           "dpc_rt::extent_text(prob[{}], {}) + \", which is not {} for any {} "
           ">= 0\");",
           M.Inputs[Pr.BoundBy].Name, Pr.BoundBy, Pr.BoundDim, Size.str(),
           Pr.Name);
    W.line("p.{} = (len - ({})) / ({});", Pr.Name, B, A);
    W.close();
  }
  W.open("");
  emitParamLocals(M, W, "p");
  for (size_t I = 0; I < M.Inputs.size(); ++I)
    for (size_t D = 0; D < M.Inputs[I].Sizes.size(); ++D) {
      const Affine &Size = M.Inputs[I].Sizes[D];
      W.line("if (static_cast<int64_t>(prob[{}].extent({})) != {})", I, D,
             iexpr(IExpr::fromAffine(Size)));
      W.line("  throw dpc_rt::InputError(\"input '{}' has \" + "
             "dpc_rt::extent_text(prob[{}], {}) + \", but its size {} is \" "
             "+ std::to_string({}));",
             M.Inputs[I].Name, I, D, Size.str(), iexpr(IExpr::fromAffine(Size)));
    }
  // `param N >= 1, ...`: the proofs, and the loops, assume them.
  for (auto &PC : M.ParamConstraints) {
    W.line("if (!({} {} 0))", iexpr(IExpr::fromAffine(PC.C.E)),
           PC.C.IsEq ? "==" : ">=");
    std::string Why;
    for (auto &Pr : M.Params)
      if (PC.C.E.uses(Pr.Name))
        Why += std::string(Why.empty() ? "" : " + \", ") + "\"input '" +
               M.Inputs[Pr.BoundBy].Name + "' has \" + dpc_rt::extent_text(prob[" +
               std::to_string(Pr.BoundBy) + "], " + std::to_string(Pr.BoundDim) +
               ") + \", so " + Pr.Name + " = \" + std::to_string(" + Pr.Name +
               ")";
    for (auto &L : M.Lets)
      if (PC.C.E.uses(L.Name))
        Why += std::string(Why.empty() ? "" : " + \", ") + "\"" + L.Name +
               " = \" + std::to_string(" + L.Name + ")";
    W.line("  throw dpc_rt::InputError(std::string() + {} + \", but the "
           "recurrence requires {}\");",
           Why, PC.Text);
  }
  W.close();
  W.line("if (box_bytes(p) > 1e18) throw dpc_rt::InputError(\"the tables of "
         "this problem would need about \" + "
         "dpc_rt::format_bytes(box_bytes(p)) + \" of memory, more than this "
         "program's 64-bit sizes can count\");");
  W.line("return p;");
  W.close();
  W.blank();
  W.open("HostInputs make_inputs(const dpc_rt::Problem &prob)");
  W.line("HostInputs h;");
  for (size_t I = 0; I < M.Inputs.size(); ++I)
    W.line("h.{} = prob[{}].{};", M.Inputs[I].Name, I,
           M.Inputs[I].Alpha == Alphabet::Int ? "Ints" : "Codes");
  W.line("return h;");
  W.close();
  W.blank();
  for (bool Ref : {false, true}) {
    W.open(std::string("double ") + (Ref ? "reference" : "table") +
           "_bytes(const Params &p)");
    std::string Sum = "0.0";
    for (size_t T = 0; T < M.Tables.size(); ++T) {
      if (!Ref && P.Storages[T].HostTable >= 0)
        continue;
      Sum += " + " + std::to_string(typeBytes(M.Tables[T].Type)) +
             ".0 * static_cast<double>(" + (Ref ? "ref_" : "") +
             M.Tables[T].Name + "_size(p))";
    }
    W.line("return {};", Sum);
    W.close();
  }
  W.blank();
  W.open("void compute_batch(const std::vector<Params> &ps, const "
         "std::vector<const HostInputs *> &ins, bool on_gpu, int threads, int "
         "device, bool tables_back, int64_t gpu_trace, double extra_bytes, "
         "dpc_rt::HostBuffer &host, BatchRun &b, dpc_rt::Progress *prog)");
  W.line("const size_t n = ps.size();");
  W.line("b.views.resize(n);");
  W.line("b.errs.assign(n, 0);");
  W.line("(void)device; (void)host; (void)ins; (void)gpu_trace;");
  W.open("try");
  W.line("std::vector<double> bytes(n);");
  W.line("double total = 0;");
  W.open("for (size_t k = 0; k < n; ++k)");
  W.line("bytes[k] = table_bytes(ps[k]);");
  W.line("total += bytes[k];");
  W.close();
  W.line("if (!on_gpu || tables_back) dpc_rt::check_host_memory(total + "
         "extra_bytes, n == 1 ? std::string(\"the tables of this problem\") : "
         "\"the tables of a batch of \" + std::to_string(n) + \" problems\");");
  W.open("if (on_gpu)");
  W.text("#if defined(DPC_HAVE_CUDA)");
  W.line("b.seconds = compute_cuda_batch(ps, ins, device, tables_back, "
         "gpu_trace, host, b.views, b.outputs, b.errs, b.events, "
         "b.gpu_traced, b.trace_seconds, prog);");
  W.text("#else");
  W.line("throw dpc_rt::InputError(\"this program was built without the CUDA "
         "backend\");");
  W.text("#endif");
  W.close();
  W.open("else");
  W.line("if (prog) prog->begin(); // (the notice before a long run)");
  W.comment("the tables, faulted in on the threads before the timer starts");
  W.line("b.owned.reserve(n);");
  W.open("for (size_t k = 0; k < n; ++k)");
  W.line("b.owned.emplace_back(ps[k]);");
  W.line("b.owned[k].touch(threads);");
  W.line("b.views[k] = b.owned[k].view();");
  W.close();
  W.line("const dpc_rt::CpuBatchPlan plan = dpc_rt::plan_cpu_batch(bytes, "
         "threads);");
  W.line("b.alone = plan.Alone.size();");
  W.line("dpc_rt::Timer timer;");
  W.comment("(progress from the problems that run over all threads, one "
            "after another)");
  W.line("dpc_rt::run_cpu_batch(plan, threads, [&](size_t k, int t) {{ "
         "compute_tiled(ps[k], ins[k]->view(), b.views[k], t, &b.errs[k], t "
         "== threads ? prog : nullptr); }});");
  W.line("b.seconds = timer.seconds();");
  W.close();
  W.close();
  W.open("catch (const std::exception &e)");
  W.comment("this batch could not run (memory, device): its problems fail, "
            "the others still run");
  W.line("b.error = e.what();");
  W.close();
  W.close();
  W.blank();
  W.open("void trace_batch(const std::vector<Params> &ps, const "
         "std::vector<const HostInputs *> &ins, BatchRun &b, int "
         "threads, std::vector<dpc_rt::Result> &results, std::vector<int> "
         "&errs)");
  W.line("errs.assign(ps.size(), 0);");
  W.comment("(a large stack each: a traceback recurses as deep as its "
            "longest chain of cells)");
  W.comment("(a problem traced on the GPU has its events already)");
  W.line("dpc_rt::run_parallel_with_large_stack(ps.size(), threads, [&](size_t "
         "k) {{ if (b.errs[k]) return; if (k < b.gpu_traced.size() && "
         "b.gpu_traced[k]) results[k].Events = std::move(b.events[k]); else "
         "traceback(ps[k], ins[k]->view(), b.views[k], results[k].Events, "
         "&errs[k], results[k].HasPath ? &results[k].Path : nullptr); }});");
  W.close();
  W.blank();
  W.open("void fill_result(const Params &p, const dpc_rt::Problem &prob, "
         "const BatchRun &b, size_t k, bool traced, dpc_rt::Result &r)");
  W.line("r.Recurrence = \"{}\";", N);
  W.line("r.Name = dpc_rt::problem_name(prob);");
  for (auto &Pn : PNames)
    W.line("r.Params.push_back({{\"{}\", p.{}}});", Pn, Pn);
  W.comment("(the GPU sends back only the output cells when no table is "
            "needed on the host)");
  W.line("const std::vector<std::string> v = b.outputs.empty() ? "
         "output_values(p, b.views[k]) : b.outputs[k];");
  for (size_t O = 0; O < M.Outputs.size(); ++O)
    W.line("r.Outputs.push_back({{\"{}\", v[{}]}});",
           M.Outputs[O].Name, O);
  for (auto &I : M.Inputs)
    if (I.Alpha != Alphabet::Int)
      W.line("r.Sequences.push_back(prob[{}].Text);", &I - &M.Inputs[0]);
  W.open("if (traced)");
  W.line("r.Traced = true;");
  if (M.StructureInput >= 0)
    W.line("dpc_rt::set_structure(r, prob[{}].length()); // from the pair "
           "events",
           M.StructureInput);
  W.close();
  W.close();
  W.blank();
  W.close("} // namespace " + N);
  return W.str();
}
