export default { title: 'Settings' }
