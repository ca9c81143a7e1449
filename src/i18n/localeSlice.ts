import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredLanguage, type Language } from './languages';

interface LocaleState {
  language: Language;
}

const localeSlice = createSlice({
  name: 'locale',
  initialState: (): LocaleState => ({ language: readStoredLanguage() }),
  reducers: {
    setLanguage(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
  },
  selectors: {
    selectLanguage: (state) => state.language,
  },
});

export const { setLanguage } = localeSlice.actions;
export const { selectLanguage } = localeSlice.selectors;
export const localeReducer = localeSlice.reducer;
