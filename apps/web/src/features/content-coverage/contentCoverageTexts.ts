/** A failing rule's words for a cell's tooltip. */
export const qualityIssueText = (code: string): string => code;
