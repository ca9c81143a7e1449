import { createContext, useContext } from 'react';
import type { StaffSession } from './api';

/** The signed-in staff member, for pages that adapt to the role (the server decides anyway). */
export const StaffContext = createContext<StaffSession | null>(null);

export function useStaff(): StaffSession {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the back office layout');
  return staff;
}
