/** The users module's front door: what other modules, app.ts and main.ts may use of it. */
export { emailTaken, findUserByEmail, loadSessionUser, toUserRow } from './users.queries';
export { usersModule } from './users.routes';
export { usersService } from './users.service';
