export default { title: 'Automations' }
