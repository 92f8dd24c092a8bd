//===- Graph.h - strongly connected components of a directed graph -------===//
//
// Tarjan's algorithm over a graph given as successor lists, iterative (the
// graphs of tables and statements have thousands of nodes). Lowering
// groups tables by it; the well-foundedness proof schedules statements by
// it.
//
//===----------------------------------------------------------------------===//
#ifndef DPC_BASIC_GRAPH_H
#define DPC_BASIC_GRAPH_H

#include <algorithm>
#include <utility>
#include <vector>

namespace dpc {

/// The strongly connected components of the graph whose node V has the
/// successors Succ[V] (visited in that order, roots in node order). A
/// component is listed before every component that reaches it (sinks
/// first); its nodes in the order they leave Tarjan's stack.
inline std::vector<std::vector<int>>
stronglyConnectedComponents(const std::vector<std::vector<int>> &Succ) {
  const int N = static_cast<int>(Succ.size());
  std::vector<int> Index(N, -1), Low(N, 0), Stack;
  std::vector<char> OnStack(N, 0);
  std::vector<std::vector<int>> Out;
  int Next = 0;
  for (int Root = 0; Root < N; ++Root) {
    if (Index[Root] >= 0)
      continue;
    // (node, its next successor to look at): the recursion, unrolled.
    std::vector<std::pair<int, size_t>> Work = {{Root, 0}};
    Index[Root] = Low[Root] = Next++;
    Stack.push_back(Root);
    OnStack[Root] = 1;
    while (!Work.empty()) {
      auto &[V, I] = Work.back();
      if (I < Succ[V].size()) {
        int W = Succ[V][I++];
        if (Index[W] < 0) {
          Index[W] = Low[W] = Next++;
          Stack.push_back(W);
          OnStack[W] = 1;
          Work.push_back({W, 0});
        } else if (OnStack[W]) {
          Low[V] = std::min(Low[V], Index[W]);
        }
        continue;
      }
      const int Done = V;
      if (Low[Done] == Index[Done]) {
        std::vector<int> C;
        int W;
        do {
          W = Stack.back();
          Stack.pop_back();
          OnStack[W] = 0;
          C.push_back(W);
        } while (W != Done);
        Out.push_back(std::move(C));
      }
      Work.pop_back();
      if (!Work.empty())
        Low[Work.back().first] = std::min(Low[Work.back().first], Low[Done]);
    }
  }
  return Out;
}

} // namespace dpc

#endif // DPC_BASIC_GRAPH_H
