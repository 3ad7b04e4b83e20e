// The search of the standard board, compiled on its own (see search_impl.hpp).
#include "link4/search_impl.hpp"

namespace link4 {

template bool Searcher<Standard>::limit_reached();
template void Searcher<Standard>::begin(const SearchRequest&);
template int Searcher<Standard>::negamax(const link4::Position<Standard>&, WordOf<Standard>,
                                         WordOf<Standard>, int, int);

}  // namespace link4
