//===- EmitMain.cpp - NAME_main.cpp and CMakeLists.txt ---------------------===//
#include "CodeGen/Emitters.h"
#include "CodeGen/EmitUtil.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace dpc;
using namespace dpc::lir;


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
  W.text("#include <memory>");
  W.text("#include <thread>");
  W.blank();
  W.open("namespace " + N);
  W.blank();
  std::vector<std::string> PNames; // sorted, as results list them
  for (auto &Pr : M.Params)
    PNames.push_back(Pr.Name);
  std::sort(PNames.begin(), PNames.end());
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
  W.comment("--explain: the plan, then what it comes to for the sizes p "
            "(traced: of a run that\ntraces back): "
            "cells and bytes per\ntable (the work and the memory of one "
            "problem).");
  W.open("void explain(const Params &p, FILE *out, bool traced)");
  W.line("(void)traced;");
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
             P.Storages[T].Checkpoint
                 ? ", !p.dpc_ring ? \"\" : traced ? \"; two rolling rows: "
                   "the traceback recomputes the rows it reads from "
                   "checkpointed rows\" : \"; two rolling rows: this run "
                   "reads none of its cells afterwards\""
             : P.Storages[T].Ring
                 ? ", p.dpc_ring ? \"; two rolling rows: this run reads none "
                   "of its cells afterwards\" : \"\""
                 : "");
  }
  for (size_t K = 0; K < P.Gpu.Kernels.size(); ++K)
    if (P.Gpu.Kernels[K].Narrow)
      W.line("std::fprintf(out, \"  GPU kernel {0} ({1}): index arithmetic "
             "in %s\\n\", dpc_narrow{0}(p) ? \"int32 (within its bound)\" : "
             "p.dpc_wide ? \"int64 (--wide-indices)\" : \"int64 (past its "
             "int32 bound)\");",
             K, P.Gpu.Kernels[K].Family == KernelFamily::Strip ? "strip" : "tiles");
  for (size_t S = 0; S < P.Gpu.Products.size(); ++S)
    if (P.Gpu.Products[S].S16)
      W.line("std::fprintf(out, \"  GPU tile product {0}: %s\\n\", "
             "dpc_int16_product{0}(p) ? \"int16x2, two columns per "
             "instruction (its operands' proven ranges lie within "
             "+-{1})\" : \"int32 (its operands' proven ranges may leave "
             "+-{1})\");",
             S, S16Kept);
  for (size_t S = 0; S < P.Gpu.Products.size(); ++S)
    if (P.Gpu.Products[S].SoftExact)
      W.line("std::fprintf(out, \"  GPU tile product {0}: %s\\n\", "
             "dpc_soft_exact_product{0}(p) ? \"operands staged as loaded "
             "(their proven ranges lie within +-2^28)\" : \"operands "
             "clamped and tracked for the exact fallback (their proven "
             "ranges may leave +-2^28)\");",
             S);
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
    Specs += (Specs.empty() ? "" : ", ") + rtInputSpec(I);
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
  W.line("std::vector<dpc_rt::Problem> problems;");
  W.comment("A chunk: at most 100000 problems or 256 MiB of inputs.");
  W.line("auto read_chunk = [&] {{ return stream.next(problems, 100000, "
         "size_t(256) << 20); }};");
  W.line("dpc_rt::Timer read_timer;");
  W.comment("The first chunk of problems is read while the CUDA contexts "
            "start.");
  W.line("bool more = read_chunk();");
  W.line("summary.Read += read_timer.seconds();");
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
  if (P.Gpu.Traceback.OnDevice) {
    W.comment("The tracebacks run on the GPU (`dpc emit --stage=plan`: "
              "traceback): only their events\ncome back, unless "
              "--host-traceback.");
    W.line("const bool gpu_trace = on_gpu && traced && !opt.HostTraceback && "
           "!opt.Path; // (--path: on the host)");
  } else {
    W.comment("The tracebacks run on the host from the tables (`dpc emit "
              "--stage=plan`: traceback).");
    W.line("const bool gpu_trace = false;");
  }
  W.line("const bool host_tables_needed = !on_gpu || (traced && !gpu_trace) "
         "|| opt.Verify || !opt.DumpTables.empty();");
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
    W.line("bool ring_ok = !opt.Verify && (on_gpu || cpu_sweeps_compiled());");
    W.line("for (auto &d : opt.DumpTables) ring_ok = ring_ok && std::find("
           "ring_tables.begin(), ring_tables.end(), d) == ring_tables.end();");
    W.line("const bool ring = !traced && ring_ok;");
  }
  if (anyCheckpointTable(P)) {
    W.comment("A traced problem keeps them as rows too where its traceback "
              "can recompute their\nrows from checkpointed rows (`dpc emit "
              "--stage=storage`: traced runs): with\n--checkpoint-rows, or "
              "where its whole tables exceed the memory budget.");
    W.line("const bool ring_traced = traced && ring_ok;");
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
  W.line("bool many = false; // more than one problem: messages name theirs");
  W.line("read_timer = dpc_rt::Timer();");
  {
    std::string PList, OList;
    for (auto &Pn : PNames)
      PList += (PList.empty() ? "\"" : ", \"") + Pn + "\"";
    for (auto &O : M.Outputs)
      OList += (OList.empty() ? "\"" : ", \"") + O.Name + "\"";
    W.line("dpc_rt::print_header(opt, {{{}}}, {{{}}}, has_structure); // tsv: "
           "the columns",
           PList, OList);
  }
  W.open("for (; more; more = read_chunk())");
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
  if (anyNarrowKernel(P))
    W.line("p.dpc_wide = opt.WideIndices ? 1 : 0;");
  if (AnyRing)
    W.line("p.dpc_ring = ring ? 1 : 0;");
  if (anyCheckpointTable(P))
    W.line("if (ring_traced && (opt.CheckpointRows || table_bytes(p) > "
           "budget)) p.dpc_ring = 1;");
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
  W.line("explain(jobs[0].p, stdout, traced);");
  W.open("");
  W.line("const dpc_rt::WorkEstimate w = estimate_work(jobs[0].p);");
  W.line("std::fputs(dpc_rt::estimate_line(\"  \", \"\", w, "
         "table_bytes(jobs[0].p), opt.Backend, threads, "
         "dpc_rt::predicted_seconds(w, opt.Backend, threads)).c_str(), stdout);");
  W.close();
  W.line("dpc_rt::explain_run(stdout, opt, threads, devices, budget, bytes, traced);");
  W.line("return status;");
  W.close();
  W.comment("A batch: consecutive problems (jobs first .. first + n - 1), "
            "their params and inputs,\nand what compute_batch made of them "
            "(" + N + "_host.h).");
  W.line("struct Batch {{ size_t first = 0, n = 0; std::vector<Params> ps; "
         "std::vector<const HostInputs *> ins; BatchRun run; }};");
  W.comment("Computes a batch on GPU `device` (tables back into hb) or on "
            "the CPU threads.");
  W.open("auto compute = [&](Batch &bt, int device, dpc_rt::HostBuffer &hb)");
  W.line("double ref = 0; // --verify: the largest reference tables");
  W.line("if (opt.Verify) for (const Params &p : bt.ps) ref = std::max(ref, "
         "reference_bytes(p));");
  W.comment("Before a long run: the work of the batch's largest problem "
            "(counted from the plan:\nestimate_work) and about how long it "
            "takes here, on stderr, then the batch's\nprogress (on a "
            "terminal, or with --progress).");
  W.line("std::unique_ptr<dpc_rt::Progress> prog;");
  W.open("if (!opt.Quiet && bt.n > 0)");
  W.comment("(bytes: every job's table_bytes, as the batches were cut)");
  W.line("size_t big = 0;");
  W.line("for (size_t k = 1; k < bt.n; ++k) if (bytes[bt.first + k] > "
         "bytes[bt.first + big]) big = k;");
  W.line("const double big_bytes = bytes[bt.first + big];");
  W.comment("(tables under 1 MiB: not a long run, and not worth counting)");
  W.open("if (opt.ProgressEvery >= 0 || big_bytes >= 1048576.0)");
  W.line("const dpc_rt::WorkEstimate w = estimate_work(bt.ps[big]);");
  W.line("const double s = dpc_rt::predicted_seconds(w, opt.Backend, threads);");
  W.open("if (opt.ProgressEvery >= 0 || s >= 5.0)");
  W.line("const std::string label = bt.n == 1 ? "
         "dpc_rt::problem_label(problems[jobs[bt.first].prob], base + "
         "jobs[bt.first].prob, many) : \"batch of \" + std::to_string(bt.n) + "
         "\" problems, \";");
  W.comment("(the notice is printed once the batch's memory is checked: "
            "compute_batch)");
  W.line("prog.reset(new dpc_rt::Progress(\"{0}\", label, opt.ProgressEvery "
         ">= 0 ? opt.ProgressEvery : 1.0, s, dpc_rt::estimate_line(\"{0}: "
         "\", label + (bt.n == 1 ? \"\" : \"the largest: \"), w, big_bytes, "
         "opt.Backend, threads, s), opt.ProgressEvery >= 0 || isatty(2)));",
         N);
  W.close();
  W.close();
  W.close();
  W.line("compute_batch(bt.ps, bt.ins, on_gpu, threads, device, "
         "host_tables_needed, gpu_trace ? opt.TraceRecords : -1, ref, hb, "
         "bt.run, prog.get());");
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
  W.line("Batch &bt = round[i];");
  W.line("bt.first = ranges[r0 + i].first;");
  W.line("bt.n = ranges[r0 + i].second - ranges[r0 + i].first;");
  W.open("for (size_t k = 0; k < bt.n; ++k)");
  W.line("bt.ps.push_back(jobs[bt.first + k].p);");
  W.line("bt.ins.push_back(&jobs[bt.first + k].in);");
  W.close();
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
  W.line("double round_seconds = 0, round_trace = 0; // the GPUs run side by "
         "side");
  W.open("for (auto &bt : round)");
  W.line("round_seconds = std::max(round_seconds, bt.run.seconds);");
  W.line("round_trace = std::max(round_trace, bt.run.trace_seconds);");
  W.line("summary.Alone += bt.run.alone;");
  W.close();
  W.line("summary.Compute += round_seconds;");
  W.line("summary.DeviceTrace += round_trace;");
  W.open("for (Batch &bt : round)");
  W.line("const size_t first = bt.first, n = bt.n;");
  W.line("++summary.Batches;");
  W.open("if (!bt.run.error.empty())");
  W.line("std::fprintf(stderr, \"{}: error: %s%s\\n\", n == 1 ? "
         "dpc_rt::problem_label(problems[jobs[first].prob], base + jobs[first].prob, "
         "many).c_str() : (\"problems \" + std::to_string(base + jobs[first].prob "
         "+ 1) + \"..\" + std::to_string(base + jobs[first + n - 1].prob + 1) + "
         "\": \").c_str(), bt.run.error.c_str());",
         N);
  W.line("status = 1;");
  W.line("summary.Failed += n;");
  W.line("continue;");
  W.close();
  W.comment("The tracebacks of the batch, on every host thread; then the "
            "results, in input order.");
  W.line("std::vector<dpc_rt::Result> results(n);");
  W.line("for (auto &r : results) r.HasPath = opt.Path; // (filled by the "
         "traceback)");
  W.line("std::vector<int> trace_errs(n, 0);");
  W.open("if (traced)");
  W.line("dpc_rt::Timer trace_timer;");
  W.line("trace_batch(bt.ps, bt.ins, bt.run, host_threads, results, trace_errs);");
  W.line("summary.Trace += trace_timer.seconds();");
  W.close();
  W.open("for (size_t k = 0; k < n; ++k)");
  W.line("const Job &job = jobs[first + k];");
  W.line("const dpc_rt::Problem &prob = problems[job.prob];");
  W.line("const Params &p = job.p;");
  W.line("const Inputs in = job.in.view();");
  W.line("const Tables t = bt.run.views[k];");
  W.comment("(an error of the traceback, e.g. its cell limit, fails the "
            "problem too)");
  W.line("int err = bt.run.errs[k] ? bt.run.errs[k] : trace_errs[k];");
  W.open("if (err)");
  W.line("std::fprintf(stderr, \"{}: error: %s%s\\n\", "
         "dpc_rt::problem_label(prob, base + job.prob, many).c_str(), "
         "error_message(p, in, err).c_str());",
         N);
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
  W.line("fill_result(p, prob, bt.run, k, traced, r);");
  W.line("r.Seconds = bt.run.seconds; // of the batch it ran in");
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
//
// Two targets: the library NAME_lib (every source but NAME_main.cpp; its
// API is NAME_api.h) and the program NAME, which is NAME_main.cpp linked
// against it. The folder also builds inside another project
// (add_subdirectory, as dpc's CMake package does: dpc_add_recurrence).
std::string dpc::emitCMake(const Program &P) {
  const std::string &N = P.M.Name;
  std::string S = "# Generated by dpc from " + P.M.FileName +
                  ". Builds the library `" + N + "_lib` (API: " + N +
                  "_api.h) and the\n# program `" + N +
                  "` with a C++17 compiler and OpenMP; adds the CUDA backend "
                  "when nvcc\n# is found (turn it off with "
                  "-DDPC_ENABLE_CUDA=OFF).\n";
  S += R"cmake(cmake_minimum_required(VERSION 3.18)
project(@N@ LANGUAGES CXX)

set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release)
endif()
option(DPC_ENABLE_CUDA "Build the CUDA backend when nvcc is found" ON)
# (dpc_add_recurrence turns it off: another project wants the library only)
option(DPC_BUILD_PROGRAM "Build the program @N@ besides the library @N@_lib" ON)

find_package(OpenMP REQUIRED)
# The library: the recurrence's code and its C++ API (@N@_api.h; README.md,
# "The library"). Users link it and include @N@_api.h.
add_library(@N@_lib STATIC @N@_api.cpp @N@_host.cpp @N@_openmp.cpp
                          @N@_reference.cpp @N@_traceback.cpp)
target_include_directories(@N@_lib PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}
                                   PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/runtime)
target_link_libraries(@N@_lib PUBLIC OpenMP::OpenMP_CXX)
set(DPC_TARGETS @N@_lib)
# The program: the command line (README.md) on the same code.
if(DPC_BUILD_PROGRAM)
  add_executable(@N@ @N@_main.cpp)
  target_include_directories(@N@ PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/runtime)
  # The program's own file reads and writes records (the recurrence's loops
  # are in the library): -O2 compiles it about a quarter faster than -O3,
  # and it is the longest file of the build.
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    set_source_files_properties(@N@_main.cpp PROPERTIES
                                COMPILE_OPTIONS "$<$<CONFIG:Release>:-O2>")
  endif()
  target_link_libraries(@N@ PRIVATE @N@_lib)
  list(APPEND DPC_TARGETS @N@)
endif()
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag(-march=native DPC_HAVE_MARCH_NATIVE)
# No fused multiply-add: `dpc interp` rounds every product and every sum, and
# float/double tables must match it to the last bit.
check_cxx_compiler_flag(-ffp-contract=off DPC_HAVE_FP_CONTRACT_OFF)
# GCC notes that the 64-byte lane vectors passed by value change the ABI where
# AVX-512 is off; every caller is compiled with the same flags.
check_cxx_compiler_flag(-Wno-psabi DPC_HAVE_NO_PSABI)
foreach(target ${DPC_TARGETS})
  if(DPC_HAVE_MARCH_NATIVE)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-march=native>)
  endif()
  if(DPC_HAVE_FP_CONTRACT_OFF)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off>)
  endif()
  if(DPC_HAVE_NO_PSABI)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wno-psabi>)
  endif()
endforeach()

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
    target_sources(@N@_lib PRIVATE @N@_cuda.cu)
    target_compile_options(@N@_lib PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--fmad=false>)
    # (the program's main.cpp calls the CUDA path too)
    foreach(target ${DPC_TARGETS})
      target_compile_definitions(${target} PRIVATE DPC_HAVE_CUDA=1)
    endforeach()
    set_target_properties(@N@_lib PROPERTIES CUDA_SEPARABLE_COMPILATION OFF
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
