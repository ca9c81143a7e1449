import { createSlice } from '@reduxjs/toolkit';

/**
 * Whether the player is signing out: the pages on screen are taken down before the API cache is cleared
 * and the page reloads, so none of them asks again for the player's data with a session that has ended.
 */
const signOutSlice = createSlice({
  name: 'signOut',
  initialState: { signingOut: false },
  reducers: {
    signOutStarted(state) {
      state.signingOut = true;
    },
  },
  selectors: {
    selectSigningOut: (state) => state.signingOut,
  },
});

export const { signOutStarted } = signOutSlice.actions;
export const { selectSigningOut } = signOutSlice.selectors;
export const signOutReducer = signOutSlice.reducer;
