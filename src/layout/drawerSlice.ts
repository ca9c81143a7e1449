import { createSlice } from '@reduxjs/toolkit';

const drawerSlice = createSlice({
  name: 'drawer',
  initialState: { open: false },
  reducers: {
    openDrawer(state) {
      state.open = true;
    },
    closeDrawer(state) {
      state.open = false;
    },
  },
  selectors: {
    selectDrawerOpen: (state) => state.open,
  },
});

export const { openDrawer, closeDrawer } = drawerSlice.actions;
export const { selectDrawerOpen } = drawerSlice.selectors;
export const drawerReducer = drawerSlice.reducer;
