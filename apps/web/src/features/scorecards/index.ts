/**
 * What other features may use from scorecards: a company's score at a glance, its name opening its card,
 * and the card itself with its query.
 */
export { ScorecardDialog, ScorecardLink } from './components/scorecard-dialog';
export { RatingLine, ScoreSummaryLine, type ScoreSide } from './components/score-summary';
export { ScorecardView } from './components/scorecard-view';
export { useCompanyScorecard } from './api/scorecard-api';
