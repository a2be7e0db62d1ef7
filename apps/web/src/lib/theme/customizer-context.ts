import { createContext } from 'react';
import type { CustomizerSettings } from './customizer-settings';

/** What useCustomizer() returns. */
export interface CustomizerValue {
  settings: CustomizerSettings;
  /** Changes some settings; applied live and persisted. */
  update: (changes: Partial<CustomizerSettings>) => void;
  /** Back to the spec's defaults (direction follows the current language). */
  reset: () => void;
}

export const CustomizerContext = createContext<CustomizerValue | null>(null);
