/** Every table, for drizzle-kit and the typed database handle. */
export * from '../modules/users/users.tables';
export * from '../modules/providers/providers.tables';
export * from '../modules/sellers/sellers.tables';
export * from '../modules/plans/plans.tables';
export * from '../platform/platform.tables';
export * from '../modules/notifications/notifications.tables';
export * from '../modules/units/knowledge.tables';
export * from '../modules/units/units.tables';
export * from '../modules/galleries/galleries.tables';
export * from '../modules/services/services.tables';
export * from '../modules/reviews/reviews.tables';
export * from '../modules/rents/rents.tables';
export * from '../modules/store/store.tables';
export * from '../modules/sellers/lti.tables';
export * from '../modules/curriculum/curriculum.tables';
export * from '../modules/delivery/delivery.tables';
export * from '../modules/lti/lti-tool.tables';
