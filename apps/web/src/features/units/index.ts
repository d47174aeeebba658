/**
 * Public surface of the units feature: what other features may use. The unit queries and their
 * keys (a review mutation invalidates `unitsKeys.all`), the vocabulary a unit is classified with
 * (knowledge areas, levels of learning: the studio, the review screen and Minhas Unidades), the
 * status badge, and the notice of a provider under analysis (the studio shows it too).
 */
export { unitsKeys, unitQuery, knowledgeQuery, levelsQuery } from './api';
export { UnitStatusBadge } from './components/unit-status-badge';
export { AreaLevelFilters } from './components/area-level-filters';
export { ProviderApprovalNotice } from './components/provider-approval';
