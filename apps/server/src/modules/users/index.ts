/** The users module's front door: what other modules, app.ts and main.ts may use of it. */
export { emailTaken, findUserByEmail, loadSessionUser, toUserRow, userPage } from './users.queries';
export { usersModule } from './users.routes';
export { usersService } from './users.service';
export { consumeToken, findToken, issueToken } from './user-tokens';
export type { TokenKind } from './user-tokens';
export { activateWithPassword, deactivateUser, insertUsers, renameUser, setChosenPassword } from './user-writes';
export { createAdmin } from './first-admin';
export type { NewUser } from './user-writes';
