// The search of the board sizes other than the standard one (see search_impl.hpp).
#include "link4/search_impl.hpp"

namespace link4 {

#define LINK4_INSTANTIATE(G)                                                               \
    template bool Searcher<G>::limit_reached();                                            \
    template void Searcher<G>::begin(const SearchRequest&);                                 \
    template int Searcher<G>::negamax(const link4::Position<G>&, WordOf<G>, WordOf<G>, int, int);
LINK4_FOR_EACH_OTHER_SIZE(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
