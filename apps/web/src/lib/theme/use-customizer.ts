import { useContext } from 'react';
import { CustomizerContext, type CustomizerValue } from './customizer-context';

/** The layout/theme preferences and their setters: `const { settings, update, reset } = useCustomizer()`. */
export function useCustomizer(): CustomizerValue {
  const value = useContext(CustomizerContext);
  if (!value) throw new Error('useCustomizer must be used within CustomizerProvider');
  return value;
}
