/** The reviews module's front door: what other modules, app.ts and main.ts may use of it. */
export { feedbackModule } from './feedback.routes';
export { subscribeReviews } from './review-state';
export { reviewsModule } from './reviews.routes';
