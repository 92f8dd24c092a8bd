//===- EmitMain.cpp - NAME_host.h, NAME_main.cpp, CMakeLists.txt, README --===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace dpc;
using namespace dpc::lir;

static const char *rtAlpha(Alphabet A) {
  switch (A) {
  case Alphabet::RNA: return "dpc_rt::Alpha::RNA";
  case Alphabet::DNA: return "dpc_rt::Alpha::DNA";
  case Alphabet::Protein: return "dpc_rt::Alpha::Protein";
  case Alphabet::Int: return "dpc_rt::Alpha::Int";
  }
  return "?";
}


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
  H.line("Params bind_params(const dpc_rt::Problem &prob, const "
         "std::vector<std::pair<std::string, int64_t>> &sets);");
  H.line("HostInputs make_inputs(const dpc_rt::Problem &prob);");
  H.line("double table_bytes(const Params &p);");
  H.line("double reference_bytes(const Params &p);");
  H.line("void compute_tiled(const Params &p, const Inputs &in, const Tables "
         "&t, int threads, int *err);");
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
  H.line("std::string output_value(const Params &p, const Tables &t);");
  H.line("std::string output_text({} v);",
         storeType(M.Tables[M.Output.Table].Type));
  H.line("void traceback(const Params &p, const Inputs &in, const Tables &t, "
         "std::vector<dpc_rt::Event> &events, int *err);");
  H.text("#if defined(DPC_HAVE_CUDA)");
  H.comment("Runs the problems ps (inputs ins) together on GPU `device`: "
            "their tables in one\ndevice arena, every problem's launches "
            "merged into one set. With tables_back the\ntables come back "
            "into `host` (page-locked when granted) and tables[b] views\n"
            "problem b's; without, only the output cells come back, as text "
            "in outputs[b].\nerrs[b] is problem b's error code (0: none). "
            "Returns the seconds the GPU spent\n(CUDA events).");
  H.line("double compute_cuda_batch(const std::vector<Params> &ps, const "
         "std::vector<const HostInputs *> &ins, int device, bool tables_back, "
         "dpc_rt::HostBuffer &host, std::vector<Tables> &tables, "
         "std::vector<std::string> &outputs, std::vector<int> &errs);");
  H.comment("Starts the GPUs of `want` (--device; {-1}: all) into "
            "`devices`; returns the bytes of\ntables a batch may hold on "
            "each (0 if unknown).");
  H.line("double cuda_start_devices(const std::vector<int> &want, "
         "std::vector<int> &devices);");
  H.text("#endif");
  H.close("} // namespace " + N);
  return H.str();
}

std::string dpc::emitMain(const Program &P) {
  const ModuleInfo &M = P.M;
  const std::string &N = M.Name;
  const bool AnyRing = anyRingTable(P);
  CodeWriter W;
  W.text(fileBanner(P, N + "_main.cpp: the command line of the generated "
                        "program (see README.md)."));
  W.text("#include \"" + N + "_host.h\"");
  W.blank();
  W.text("#if defined(_OPENMP)");
  W.text("#include <omp.h>");
  W.text("#endif");
  W.blank();
  W.text("#include <algorithm>");
  W.text("#include <cstdio>");
  W.text("#include <cstdlib>");
  W.text("#include <future>");
  W.text("#include <thread>");
  W.blank();
  W.open("namespace " + N);
  W.blank();
  if (!P.ReadSites.empty()) {
    W.comment("Error texts: a read whose subscripts are computed from input "
              "values fails with lir::ReadSiteErrBase + its site where its "
              "cell is outside its table's domain.");
    W.open("static const char *error_text(int err)");
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
  std::vector<std::string> PNames; // sorted, as results list them
  for (auto &Pr : M.Params)
    PNames.push_back(Pr.Name);
  std::sort(PNames.begin(), PNames.end());
  W.comment("Params from input lengths; `let` constants, possibly set with "
            "--set.");
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
  for (auto &Pr : M.Params) {
    const InputInfo &In = M.Inputs[Pr.BoundBy];
    int64_t A = In.Size.coeff(Pr.Name), B = In.Size.Const;
    W.open("");
    W.line("const int64_t len = static_cast<int64_t>(prob[{}].length());",
           Pr.BoundBy);
    W.line("if ((len - ({})) % ({}) != 0 || (len - ({})) / ({}) < 0)", B, A, B, A);
    W.line("  throw dpc_rt::InputError(\"input '{}' has length \" + "
           "std::to_string(len) + \", which is not {} for any {} >= 0\");",
           In.Name, In.Size.str(), Pr.Name);
    W.line("p.{} = (len - ({})) / ({});", Pr.Name, B, A);
    W.close();
  }
  W.open("");
  emitParamLocals(M, W, "p");
  for (size_t I = 0; I < M.Inputs.size(); ++I) {
    const InputInfo &In = M.Inputs[I];
    W.line("if (static_cast<int64_t>(prob[{}].length()) != {})", I,
           iexpr(IExpr::fromAffine(In.Size)));
    W.line("  throw dpc_rt::InputError(\"input '{}' has length \" + "
           "std::to_string(prob[{}].length()) + \", but its size {} is \" + "
           "std::to_string({}));",
           In.Name, I, In.Size.str(), iexpr(IExpr::fromAffine(In.Size)));
  }
  // `param N >= 1, ...`: the proofs, and the loops, assume them.
  for (auto &PC : M.ParamConstraints) {
    W.line("if (!({} {} 0))", iexpr(IExpr::fromAffine(PC.C.E)),
           PC.C.IsEq ? "==" : ">=");
    std::string Why;
    for (auto &Pr : M.Params)
      if (PC.C.E.uses(Pr.Name))
        Why += std::string(Why.empty() ? "" : " + \", ") + "\"input '" +
               M.Inputs[Pr.BoundBy].Name + "' has length \" + std::to_string(prob[" +
               std::to_string(Pr.BoundBy) + "].length()) + \", so " + Pr.Name +
               " = \" + std::to_string(" + Pr.Name + ")";
    for (auto &L : M.Lets)
      if (PC.C.E.uses(L.Name))
        Why += std::string(Why.empty() ? "" : " + \", ") + "\"" + L.Name +
               " = \" + std::to_string(" + L.Name + ")";
    W.line("  throw dpc_rt::InputError(std::string() + {} + \", but the "
           "recurrence requires {}\");",
           Why, PC.Text);
  }
  W.close();
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
  // Every table's bounding box in floating point: bounds what the int64
  // _size functions compute, so that a problem too large for them is refused
  // before they overflow.
  W.open("double box_bytes(const Params &dpc_p)");
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
  {
    std::string Plan;
    llvm::raw_string_ostream OS(Plan);
    lir::explainPlan(P, OS);
    W.comment("--explain: the plan dpc recorded when it compiled this "
              "recurrence (lir::explainPlan:\nthe text of dpc emit "
              "--stage=schedule, storage and plan).");
    W.text("const char *const plan_text = R\"dpc_plan(" + OS.str() +
           ")dpc_plan\";");
  }
  W.blank();
  W.comment("--explain: the plan, then what it comes to for the sizes p: "
            "cells and bytes per\ntable (the work and the memory of one "
            "problem).");
  W.open("void explain(const Params &p, FILE *out)");
  W.line("std::fputs(plan_text, out);");
  {
    std::string Fmt, Args;
    for (auto &Pn : PNames) {
      Fmt += (Fmt.empty() ? "" : ", ") + Pn + " = %lld";
      Args += ", static_cast<long long>(p." + Pn + ")";
    }
    W.line("std::fprintf(out, \"\\nfor the sizes of the first problem "
           "({}):\\n\"{});",
           Fmt.empty() ? "no params" : Fmt, Args);
  }
  W.line("double cells[{}];", M.Tables.size());
  W.line("table_cells(p, cells);");
  W.line("double all_cells = 0;");
  for (size_t T = 0; T < M.Tables.size(); ++T) {
    const std::string &TN = M.Tables[T].Name;
    W.line("all_cells += cells[{}];", T);
    if (P.Storages[T].HostTable >= 0)
      W.line("std::fprintf(out, \"  table {}: %.0f cells, stored in {}'s "
             "buffer\\n\", cells[{}]);",
             TN, M.Tables[P.Storages[T].HostTable].Name, T);
    else
      W.line("std::fprintf(out, \"  table {}: %.0f cells, %s ({} bytes "
             "per cell{})\\n\", cells[{}], dpc_rt::format_bytes({}.0 * "
             "static_cast<double>({}_size(p))).c_str(){});",
             TN, typeBytes(M.Tables[T].Type),
             P.Storages[T].Ring ? "%s" : "", T, typeBytes(M.Tables[T].Type),
             TN,
             P.Storages[T].Ring
                 ? ", p.dpc_ring ? \"; two rolling rows: this run reads none "
                   "of its cells afterwards\" : \"\""
                 : "");
  }
  W.line("std::fprintf(out, \"  work: %.0f cells; memory: %s of tables "
         "(--verify adds %s for the untiled reference)\\n\", all_cells, "
         "dpc_rt::format_bytes(table_bytes(p)).c_str(), "
         "dpc_rt::format_bytes(reference_bytes(p)).c_str());");
  W.close();
  W.blank();
  W.close("} // namespace " + N);
  W.blank();

  int StructIn = M.StructureInput;
  W.open("int main(int argc, char **argv)");
  W.line("using namespace {};", N);
  W.open("try");
  W.line("std::vector<std::string> backends = {{\"serial\", \"openmp\"}};");
  W.text("#if defined(DPC_HAVE_CUDA)");
  W.line("backends.push_back(\"cuda\");");
  W.text("#endif");
  W.line("dpc_rt::RunSummary summary; // --timing");
  W.line("dpc_rt::Options opt = dpc_rt::parse_args(argc, argv, backends);");
  W.comment(StructIn >= 0
                ? "The traceback's pair events over the sequence give a "
                  "base-pair structure\n(dot-bracket, ct, bpseq)."
                : "No base-pair structure: --format=ct and bpseq are usage "
                  "errors.");
  W.line("const bool has_structure = {};", StructIn >= 0 ? "true" : "false");
  W.line("dpc_rt::check_format(opt, has_structure, \"{}\");", N);
  W.comment("Whether the results are traced back (events, structure).");
  W.line("const bool traced = opt.needs_traceback(has_structure);");
  W.line("std::vector<int> devices = {{opt.Device}}; // the GPUs");
  W.comment("--backends: those that can run here (cuda when a GPU answers).");
  W.open("if (opt.ListBackends)");
  W.line("for (auto &b : backends) if (b != \"cuda\") std::printf(\"%s\\n\", "
         "b.c_str());");
  W.text("#if defined(DPC_HAVE_CUDA)");
  W.line("std::vector<int> all;");
  W.line("double free_bytes = 0;");
  W.line("try {{ free_bytes = cuda_start_devices({{-1}}, all); }} catch "
         "(const std::exception &) {{}}");
  W.line("if (free_bytes > 0) std::printf(\"cuda (%zu device(s))\\n\", "
         "all.size());");
  W.text("#endif");
  W.line("return 0;");
  W.close();
  W.text("#if defined(DPC_HAVE_CUDA)");
  W.comment("The CUDA contexts start (a few tenths of a second) while the "
            "input is read.");
  W.line("std::future<double> device_start;");
  W.line("if (opt.Backend == \"cuda\" || opt.Backend == \"auto\") device_start = "
         "std::async(std::launch::async, "
         "[&] {{ return cuda_start_devices(opt.Devices, devices); }});");
  W.text("#endif");
  std::string Specs;
  for (auto &I : M.Inputs)
    Specs += (Specs.empty() ? "" : ", ") + std::string("{\"") + I.Name +
             "\", " + rtAlpha(I.Alpha) + "}";
  W.line("const std::vector<dpc_rt::InputSpec> specs = {{{}}};", Specs);
  W.comment("The problems, read in chunks as they are computed (bounded "
            "memory).");
  W.line("dpc_rt::ProblemStream stream(specs, opt.Inputs, opt.Files, "
         "/*KeepBad=*/true, opt.Unknown);");
  W.line("std::vector<std::pair<std::string, int64_t>> sets;");
  W.open("for (auto &s : opt.Sets)");
  W.line("auto nv = dpc_rt::split_binding(s, \"--set\");");
  W.line("sets.push_back({{nv.first, dpc_rt::parse_int(nv.second, \"--set \" + "
         "nv.first)}});");
  W.close();
  std::string Names;
  for (auto &T : M.Tables)
    Names += (Names.empty() ? "" : ", ") + T.Name;
  W.open("for (auto &d : opt.DumpTables)");
  std::string Cond;
  for (auto &T : M.Tables)
    Cond += (Cond.empty() ? "" : " && ") + std::string("d != \"") + T.Name + "\"";
  W.line("if ({}) throw dpc_rt::InputError(\"--dump-table \" + d + \": the "
         "recurrence has no table '\" + d + \"' (tables: {})\");",
         Cond, Names);
  W.close();
  W.line("int status = 0;");
  W.line("size_t verified = 0, verified_cells = 0; // --verify: problems, cells");
  W.line("bool verify_failed = false;");
  W.line("double dev = 0; // the device's budget");
  W.text("#if defined(DPC_HAVE_CUDA)");
  W.open("if (device_start.valid())");
  W.line("dpc_rt::Timer start;");
  W.open("if (opt.Backend == \"auto\")");
  W.line("try {{ dev = device_start.get(); }} catch (const std::exception &) "
         "{{ dev = 0; }}");
  W.close();
  W.line("else dev = device_start.get();");
  W.line("summary.Device = start.seconds();");
  W.close();
  W.text("#endif");
  W.comment("--backend=auto (what dpc run asks for): CUDA when a GPU "
            "answered, else OpenMP.");
  W.line("if (opt.Backend == \"auto\") opt.Backend = dev > 0 ? \"cuda\" : "
         "\"openmp\";");
  W.comment("The GPU sends back only the output cells when no table is "
            "needed on the host.");
  W.line("const bool on_gpu = opt.Backend == \"cuda\";");
  W.line("const bool host_tables_needed = !on_gpu || traced || opt.Verify || "
         "!opt.DumpTables.empty();");
  if (AnyRing) {
    W.comment("Tables kept as two rolling rows (`dpc emit --stage=storage`) "
              "where the run reads\nnone of their cells afterwards (no "
              "traceback, --verify or --dump-table of one)\nand the "
              "backend's sweep is compiled (OpenMP: with the lane strips).");
    std::string Names;
    for (size_t T = 0; T < M.Tables.size(); ++T)
      if (P.Storages[T].Ring)
        Names += (Names.empty() ? "\"" : ", \"") + M.Tables[T].Name + "\"";
    W.line("const std::vector<std::string> ring_tables = {{{}}};", Names);
    W.line("bool ring = !traced && !opt.Verify && (on_gpu || "
           "cpu_sweeps_compiled());");
    W.line("for (auto &d : opt.DumpTables) ring = ring && std::find("
           "ring_tables.begin(), ring_tables.end(), d) == ring_tables.end();");
  }
  W.line("double budget = opt.MemoryBudget;");
  W.open("if (budget <= 0)");
  W.line("budget = host_tables_needed ? 0.5 * "
         "static_cast<double>(dpc_rt::available_memory_bytes()) : 0.0;");
  W.comment("a GPU listed k times holds k batches at once");
  W.line("size_t per_gpu = 1;");
  W.line("for (int d : devices) per_gpu = std::max<size_t>(per_gpu, "
         "std::count(devices.begin(), devices.end(), d));");
  W.line("dev /= double(per_gpu);");
  W.line("if (dev > 0) budget = budget > 0 ? std::min(budget, dev) : dev;");
  W.line("if (budget <= 0) budget = 1024.0 * 1024 * 1024;");
  W.close();
  W.comment("threads: the CPU backend's; host_threads: those that trace "
            "back a batch");
  W.line("int threads = 1, host_threads = 1;");
  W.text("#if defined(_OPENMP)");
  W.line("host_threads = opt.Threads ? opt.Threads : omp_get_max_threads();");
  W.text("#endif");
  W.line("if (opt.Backend == \"openmp\") threads = host_threads;");
  W.line("if (opt.Backend == \"serial\") host_threads = 1;");
  W.line("if (!on_gpu) devices = {{0}};");
  W.line("std::vector<dpc_rt::HostBuffer> host_tables(devices.size()); // the "
         "GPUs' tables, reused");
  W.line("std::vector<dpc_rt::Problem> problems;");
  W.line("bool many = false; // more than one problem: messages name theirs");
  W.line("dpc_rt::Timer read_timer;");
  {
    std::string PList;
    for (auto &Pn : PNames)
      PList += (PList.empty() ? "\"" : ", \"") + Pn + "\"";
    W.line("dpc_rt::print_header(opt, {{{}}}, has_structure); // tsv: the "
           "columns",
           PList);
  }
  W.open("while (stream.next(problems, 100000, size_t(256) << 20))");
  W.line("const size_t base = stream.first();");
  W.line("many = many || problems.size() > 1 || base > 0;");
  W.line("if (!opt.DumpTables.empty() && many) throw "
         "dpc_rt::InputError(\"--dump-table needs exactly one problem\");");
  W.line("summary.Problems += problems.size();");
  W.comment("Every problem's sizes and inputs. A problem whose inputs do not "
            "fit the recurrence,\nor whose record is bad, fails alone; the "
            "others still run (--strict: nothing runs).");
  W.line("struct Job {{ size_t prob; Params p; HostInputs in; }};");
  W.line("std::vector<Job> jobs;");
  W.open("for (size_t i = 0; i < problems.size(); ++i)");
  W.open("try");
  W.line("const std::string bad = dpc_rt::problem_error(problems[i]);");
  W.line("if (!bad.empty()) throw dpc_rt::InputError(bad);");
  W.comment("(--unknown=skip or as=X: what it changed)");
  W.line("if (!opt.Quiet) for (auto &n : dpc_rt::problem_notes(problems[i])) "
         "std::fprintf(stderr, \"{}: warning: %s\\n\", n.c_str());",
         N);
  W.line("Params p = bind_params(problems[i], sets);");
  if (AnyRing)
    W.line("p.dpc_ring = ring ? 1 : 0;");
  W.line("if (box_bytes(p) > 1e18) throw dpc_rt::InputError(\"the tables of "
         "this problem would need about \" + "
         "dpc_rt::format_bytes(box_bytes(p)) + \" of memory, more than this "
         "program's 64-bit sizes can count\");");
  W.line("jobs.push_back(Job{{i, p, make_inputs(problems[i])}});");
  W.close();
  W.open("catch (const dpc_rt::InputError &e)");
  W.comment("(a bad record's message names it already)");
  W.line("const std::string label = dpc_rt::problem_error(problems[i]).empty() ? "
         "dpc_rt::problem_label(problems[i], base + i, many) : std::string();");
  W.line("if (opt.Strict) throw dpc_rt::InputError(label + e.what() + \" "
         "(--strict: nothing was computed)\");");
  W.line("std::fprintf(stderr, \"{}: error: %s%s\\n\", label.c_str(), "
         "e.what());",
         N);
  W.line("status = 1;");
  W.line("++summary.Failed;");
  W.close();
  W.close();
  W.line("summary.Read += read_timer.seconds();");
  W.comment("Batches: consecutive problems whose tables fit the memory "
            "budget run together.");
  W.line("std::vector<double> bytes(jobs.size());");
  W.line("for (size_t j = 0; j < jobs.size(); ++j) bytes[j] = "
         "table_bytes(jobs[j].p);");
  W.comment("--explain: the plan for the first problem's sizes and how the "
            "run would go; nothing\nis computed.");
  W.open("if (opt.Explain)");
  W.line("if (jobs.empty()) return status; // (its error is printed)");
  W.line("explain(jobs[0].p, stdout);");
  W.line("dpc_rt::explain_run(stdout, opt, threads, devices, budget, bytes, traced);");
  W.line("return status;");
  W.close();
  W.comment("A batch: its problems' tables (views into a GPU's host buffer, "
            "or the CPU's own),\nerror codes, outputs (GPU without host "
            "tables), time, and why it failed.");
  W.line("struct Batch {{ size_t first = 0, n = 0; std::vector<Tables> views; "
         "std::vector<int> errs; std::vector<std::string> outputs; "
         "std::vector<HostTables> owned; double seconds = 0; std::string "
         "error; }};");
  W.comment("Computes a batch on GPU `device` (tables back into hb) or on "
            "the CPU threads.");
  W.open("auto compute = [&](Batch &bt, int device, dpc_rt::HostBuffer &hb)");
  W.line("const size_t first = bt.first, n = bt.n;");
  W.line("bt.views.resize(n);");
  W.line("bt.errs.assign(n, 0);");
  W.line("(void)device; (void)hb;");
  W.open("try");
  W.line("double total = 0, ref = 0;");
  W.open("for (size_t k = 0; k < n; ++k)");
  W.line("total += bytes[first + k];");
  W.line("if (opt.Verify) ref = std::max(ref, reference_bytes(jobs[first + "
         "k].p));");
  W.close();
  W.line("if (host_tables_needed) dpc_rt::check_host_memory(total + ref, n == "
         "1 ? std::string(\"the tables of this problem\") : \"the tables of a "
         "batch of \" + std::to_string(n) + \" problems\");");
  W.open("if (on_gpu)");
  W.text("#if defined(DPC_HAVE_CUDA)");
  W.line("std::vector<Params> ps;");
  W.line("std::vector<const HostInputs *> ins;");
  W.open("for (size_t k = 0; k < n; ++k)");
  W.line("ps.push_back(jobs[first + k].p);");
  W.line("ins.push_back(&jobs[first + k].in);");
  W.close();
  W.line("bt.seconds = compute_cuda_batch(ps, ins, device, host_tables_needed, "
         "hb, bt.views, bt.outputs, bt.errs);");
  W.text("#endif");
  W.close();
  W.open("else");
  W.line("bt.owned.reserve(n);");
  W.open("for (size_t k = 0; k < n; ++k)");
  W.line("bt.owned.emplace_back(jobs[first + k].p);");
  W.line("bt.owned[k].touch(threads);");
  W.line("bt.views[k] = bt.owned[k].view();");
  W.close();
  W.line("const dpc_rt::CpuBatchPlan plan = dpc_rt::plan_cpu_batch("
         "std::vector<double>(bytes.begin() + first, bytes.begin() + first + "
         "n), threads);");
  W.line("summary.Alone += plan.Alone.size();");
  W.line("dpc_rt::Timer timer;");
  W.line("dpc_rt::run_cpu_batch(plan, threads, [&](size_t k, int t) {{ "
         "compute_tiled(jobs[first + k].p, jobs[first + k].in.view(), "
         "bt.views[k], t, &bt.errs[k]); }});");
  W.line("bt.seconds = timer.seconds();");
  W.close();
  W.close();
  W.open("catch (const std::exception &e)");
  W.comment("this batch could not run (memory, device): its problems fail, "
            "the others still run");
  W.line("bt.error = e.what();");
  W.close();
  W.close("};");
  W.comment("Batches of consecutive problems whose tables fit the budget; "
            "with several GPUs, at\nleast one per GPU, run a round at a "
            "time (one host thread per GPU).");
  W.line("double all_bytes = 0;");
  W.line("for (double b : bytes) all_bytes += b;");
  W.line("const auto ranges = dpc_rt::batch_ranges(bytes, devices.size() > 1 ? "
         "std::min(budget, std::max(1.0, all_bytes / double(devices.size()))) : "
         "budget);");
  W.open("for (size_t r0 = 0; r0 < ranges.size(); r0 += devices.size())");
  W.line("const size_t nr = std::min(devices.size(), ranges.size() - r0);");
  W.line("std::vector<Batch> round(nr);");
  W.open("for (size_t i = 0; i < nr; ++i)");
  W.line("round[i].first = ranges[r0 + i].first;");
  W.line("round[i].n = ranges[r0 + i].second - ranges[r0 + i].first;");
  W.close();
  W.line("dpc_rt::Timer batch_timer;");
  W.open("if (nr == 1)");
  W.line("compute(round[0], devices[0], host_tables[0]);");
  W.close();
  W.open("else");
  W.line("std::vector<std::thread> device_threads;");
  W.line("for (size_t i = 0; i < nr; ++i) device_threads.emplace_back([&, i] "
         "{{ compute(round[i], devices[i], host_tables[i]); }});");
  W.line("for (auto &t : device_threads) t.join();");
  W.close();
  W.line("summary.Run += batch_timer.seconds();");
  W.line("double round_seconds = 0; // the GPUs run side by side");
  W.line("for (auto &bt : round) round_seconds = std::max(round_seconds, "
         "bt.seconds);");
  W.line("summary.Compute += round_seconds;");
  W.open("for (Batch &bt : round)");
  W.line("const size_t first = bt.first, n = bt.n;");
  W.line("++summary.Batches;");
  W.open("if (!bt.error.empty())");
  W.line("std::fprintf(stderr, \"{}: error: %s%s\\n\", n == 1 ? "
         "dpc_rt::problem_label(problems[jobs[first].prob], base + jobs[first].prob, "
         "many).c_str() : (\"problems \" + std::to_string(base + jobs[first].prob "
         "+ 1) + \"..\" + std::to_string(base + jobs[first + n - 1].prob + 1) + "
         "\": \").c_str(), bt.error.c_str());",
         N);
  W.line("status = 1;");
  W.line("summary.Failed += n;");
  W.line("continue;");
  W.close();
  W.line("const std::vector<Tables> &views = bt.views;");
  W.line("const std::vector<int> &errs = bt.errs;");
  W.line("const std::vector<std::string> &outputs = bt.outputs;");
  W.line("const double seconds = bt.seconds;");
  W.comment("The tracebacks of the batch, on every host thread; then the "
            "results, in input order.");
  W.line("std::vector<dpc_rt::Result> results(n);");
  W.line("std::vector<int> trace_errs(n, 0);");
  W.open("if (traced)");
  W.line("dpc_rt::Timer trace_timer;");
  W.line("dpc_rt::run_parallel_with_large_stack(n, host_threads, [&](size_t k) "
         "{{ if (!errs[k]) traceback(jobs[first + k].p, jobs[first + "
         "k].in.view(), views[k], results[k].Events, &trace_errs[k]); }});");
  W.line("summary.Trace += trace_timer.seconds();");
  W.close();
  W.open("for (size_t k = 0; k < n; ++k)");
  W.line("const Job &job = jobs[first + k];");
  W.line("const dpc_rt::Problem &prob = problems[job.prob];");
  W.line("const Params &p = job.p;");
  W.line("const Inputs in = job.in.view();");
  W.line("const Tables t = views[k];");
  W.comment("(an error of the traceback, e.g. its cell limit, fails the "
            "problem too)");
  W.line("int err = errs[k] ? errs[k] : trace_errs[k];");
  W.open("if (err)");
  W.line("std::fprintf(stderr, \"{}: error: %s%s\\n\", "
         "dpc_rt::problem_label(prob, base + job.prob, many).c_str(), "
         "{}error_text(err));",
         N, P.ReadSites.empty() ? "dpc_rt::" : "");
  W.line("status = 1;");
  W.line("++summary.Failed;");
  W.line("continue;");
  W.close();
  W.open("if (opt.Verify)");
  W.line("HostRefTables hr(p);");
  W.line("int rerr = 0;");
  W.line("compute_reference(p, in, hr.view(), &rerr);");
  W.line("size_t cells = 0;");
  W.line("const size_t bad = verify(p, t, hr.view(), stderr, &cells);");
  W.line("verified_cells += cells;");
  W.line("++verified;");
  W.open("if (bad || rerr)");
  W.line("std::fprintf(stderr, \"{}: --verify: %s%zu cell(s) differ from the "
         "untiled reference%s\\n\", dpc_rt::problem_label(prob, base + "
         "job.prob, many).c_str(), bad, rerr ? \" (and the reference failed)\" : "
         "\"\");",
         N);
  W.line("status = 1;");
  W.line("verify_failed = true;");
  W.close();
  W.close();
  W.open("if (!opt.DumpTables.empty())");
  W.line("for (auto &d : opt.DumpTables) dump_table(d, p, t, stdout);");
  W.line("continue;");
  W.close();
  W.line("dpc_rt::Result &r = results[k];");
  W.line("r.Recurrence = \"{}\";", N);
  W.line("r.Name = dpc_rt::problem_name(prob);");
  for (auto &Pn : PNames)
    W.line("r.Params.push_back({{\"{}\", p.{}}});", Pn, Pn);
  W.line("r.Output = outputs.empty() ? output_value(p, t) : outputs[k];");
  W.line("r.OutputIsNumber = r.Output != \"inf\" && r.Output != \"-inf\";");
  W.line("r.OutputCell = \"{}\";", M.outputText());
  W.line("r.Seconds = seconds; // of the batch it ran in");
  for (auto &I : M.Inputs)
    if (I.Alpha != Alphabet::Int)
      W.line("r.Sequences.push_back(prob[{}].Text);", &I - &M.Inputs[0]);
  W.open("if (traced)");
  W.line("r.Traced = true;");
  if (StructIn >= 0)
    W.line("dpc_rt::set_structure(r, prob[{}].length()); // from the pair "
           "events",
           StructIn);
  W.close();
  W.line("dpc_rt::print_result(r, opt, has_structure);");
  W.close();
  W.line("summary.progress(\"{}\", base + jobs[first + n - 1].prob + 1, "
         "!opt.Quiet);",
         N);
  W.close();
  W.close();
  W.line("std::fflush(stdout); // this chunk's results are out");
  W.line("read_timer = dpc_rt::Timer();");
  W.close();
  W.line("summary.endProgress();");
  W.line("if (opt.Verify && verified && !verify_failed) std::fprintf(stderr, "
         "\"{}: verify: ok, %zu cells%s\\n\", verified_cells, verified > 1 ? "
         "(\" in \" + std::to_string(verified) + \" problems\").c_str() : \"\");",
         N);
  W.line("if (opt.Timing) summary.print(\"{}\", opt.Backend);", N);
  W.open("if (on_gpu)");
  W.comment("Everything is printed: leave without tearing the CUDA contexts "
            "and page-locked\nbuffers down one by one (a tenth of a second "
            "and more); the driver frees them.");
  W.line("std::fflush(stdout);");
  W.line("std::fflush(stderr);");
  W.line("std::_Exit(status);");
  W.close();
  W.line("return status;");
  W.close();
  W.open("catch (const dpc_rt::UsageError &e)");
  W.line("std::fprintf(stderr, \"{}: error: %s\\n\", e.what());", N);
  W.line("return 2;");
  W.close();
  W.open("catch (const dpc_rt::InputError &e)");
  W.line("std::fprintf(stderr, \"{}: error: %s\\n\", e.what());", N);
  W.line("return 1;");
  W.close();
  W.close();
  return W.str();
}

// Contraction (FMA) is turned off always, not only for float/double tables:
// integer code has nothing to fuse, so the flags cost it nothing, and one
// CMakeLists for every recurrence is simpler to read and to test.
std::string dpc::emitCMake(const Program &P) {
  const std::string &N = P.M.Name;
  std::string S = "# Generated by dpc from " + P.M.FileName +
                  ". Builds `" + N +
                  "` with a C++17 compiler and OpenMP;\n"
                  "# adds the CUDA backend when nvcc is found (turn it off with "
                  "-DDPC_ENABLE_CUDA=OFF).\n";
  S += R"cmake(cmake_minimum_required(VERSION 3.18)
project(@N@ LANGUAGES CXX)

set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release)
endif()
option(DPC_ENABLE_CUDA "Build the CUDA backend when nvcc is found" ON)

find_package(OpenMP REQUIRED)
add_executable(@N@ @N@_main.cpp @N@_openmp.cpp @N@_reference.cpp @N@_traceback.cpp)
target_include_directories(@N@ PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}
                                       ${CMAKE_CURRENT_SOURCE_DIR}/runtime)
target_link_libraries(@N@ PRIVATE OpenMP::OpenMP_CXX)
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag(-march=native DPC_HAVE_MARCH_NATIVE)
if(DPC_HAVE_MARCH_NATIVE)
  target_compile_options(@N@ PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-march=native>)
endif()
# No fused multiply-add: `dpc interp` rounds every product and every sum, and
# float/double tables must match it to the last bit.
check_cxx_compiler_flag(-ffp-contract=off DPC_HAVE_FP_CONTRACT_OFF)
if(DPC_HAVE_FP_CONTRACT_OFF)
  target_compile_options(@N@ PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off>)
endif()
# GCC notes that the 64-byte lane vectors passed by value change the ABI where
# AVX-512 is off; every caller is compiled with the same flags.
check_cxx_compiler_flag(-Wno-psabi DPC_HAVE_NO_PSABI)
if(DPC_HAVE_NO_PSABI)
  target_compile_options(@N@ PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wno-psabi>)
endif()

if(DPC_ENABLE_CUDA)
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)  # Hopper (H100): DPX instructions
    endif()
    set(DPC_CUDA_ARCH "${CMAKE_CUDA_ARCHITECTURES}")
    enable_language(CUDA)
    set(CMAKE_CUDA_STANDARD 17)
    target_sources(@N@ PRIVATE @N@_cuda.cu)
    target_compile_options(@N@ PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--fmad=false>)
    target_compile_definitions(@N@ PRIVATE DPC_HAVE_CUDA=1)
    set_target_properties(@N@ PROPERTIES CUDA_SEPARABLE_COMPILATION OFF
                                          CUDA_ARCHITECTURES "${DPC_CUDA_ARCH}")
    message(STATUS "@N@: CUDA backend enabled (${CMAKE_CUDA_COMPILER}, sm_${CMAKE_CUDA_ARCHITECTURES})")
  else()
    message(STATUS "@N@: nvcc not found; building the CPU backends only")
  endif()
endif()
)cmake";
  size_t Pos;
  while ((Pos = S.find("@N@")) != std::string::npos)
    S.replace(Pos, 3, N);
  return S;
}
