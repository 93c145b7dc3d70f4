export const NEXT_START: string[];
