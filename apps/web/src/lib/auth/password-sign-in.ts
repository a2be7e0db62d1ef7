// The sign-in entry (src/delivery/sign-in-shell.tsx) still imports this path; the call lives in src/api.
export { requestPasswordSignIn } from '../../api/users/password-sign-in';
