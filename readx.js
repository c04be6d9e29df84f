const ExcelJS=require('exceljs');
(async()=>{const wb=new ExcelJS.Workbook();await wb.xlsx.readFile(process.argv[2]);
wb.eachSheet(ws=>{console.log('sheet',ws.name,ws.rowCount);ws.eachRow((r,i)=>{if(i<=(+process.argv[3]||5)||i==ws.rowCount)console.log(i,JSON.stringify(r.values.slice(1)))})})})();
