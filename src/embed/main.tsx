/**
 * embed.html: the chrome-less lab for an iframe (docs/contracts.md). Its own address is the
 * whole configuration; it never writes it (nor the host's), never stores anything, never takes
 * focus, and posts its height to the parent. Built with preact/compat (vite.embed.config.ts).
 * With `tour=<chapter>` it shows that chapter of the guided tour instead (tourEmbed.tsx).
 */
import '../ui/lab.css'
import '../ui/labPage.css'
import './embed.css'
import { startEmbedPage } from './embedPage'

// Tells embed-fallback.js (the classic script after this one) that module scripts run here, so
// it need not load the one-file copy (see classic.tsx).
document.documentElement.dataset.flStarted = 'module'
const container = document.getElementById('root')
if (container !== null) startEmbedPage(container)
