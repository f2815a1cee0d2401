/** The CLI's version, printed by `toolsift --version`. */
export const VERSION = '0.1.0';
