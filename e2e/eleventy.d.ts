/** The part of Eleventy's programmatic API e2e/eleventy.spec.ts uses (the package ships no types). */
declare module '@11ty/eleventy' {
  export default class Eleventy {
    constructor(input: string, output: string, options?: { quietMode?: boolean })
    write(): Promise<unknown>
  }
}
