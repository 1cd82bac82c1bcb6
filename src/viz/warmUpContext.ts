/**
 * Which page warms the layout's code up (warmUp.ts): the lab page provides its warm-up; the embed
 * and the element, read in someone else's article, leave it out with its bytes.
 */
import { createContext } from 'react'
import type { WarmUp } from './warmUp'

export const WarmUpContext = createContext<WarmUp | null>(null)
