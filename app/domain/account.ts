/** The signed-in member as the site shell shows them (header, account menu, rank progress). */
export interface ShellUser {
  username: string;
  isAdmin: boolean;
  /** All-time wagered dollars of the linked provider account; 0 when none is linked. */
  totalWagered: number;
}
