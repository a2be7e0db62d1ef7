import { useContext } from 'react';
import { AuthContext, type AuthValue } from './auth-context';

/** The session: user, token, abilities, loading, isAuthenticated, login, logout, setSession, refreshUser. */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within AuthContextProvider');
  return value;
}
